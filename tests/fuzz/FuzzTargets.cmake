# The fuzz targets: fuzz_<name>.cpp each, corpus/<name>/ its seeds, regressions/<name>/ the inputs
# that once failed.
set(ROOFSCOPE_FUZZ_TARGETS
    hardware_yaml
    session_yaml
    ncu_csv
    rocprof_csv
    rocprof_db
    ert_json
    jax_json
    xprof_json
    plain_csv
    advisor_csv
    units
    session_evaluate_print
)
