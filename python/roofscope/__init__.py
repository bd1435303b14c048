"""Roofscope in Python: the roofline and serving model of the `roofscope` program, in process.

Every function runs the same code as the matching command of the executable and returns what its
``--json`` output holds, as plain dicts and lists (so ``pandas.DataFrame(rows)`` works) whose numbers
are the very doubles the command prints. Bad input raises :class:`Error` with the command's message.

    import roofscope
    step = roofscope.transformer("nvidia-h200-sxm", model="llama-3.1-70b", chips=8,
                                 params={"batch": 64, "seq": 4096})
    step["devices"][0]["tokens_per_s"]

The walk-through is docs/python.md.
"""

import os as _os

# Installed under /usr/lib/python3/dist-packages/roofscope, the data is under /usr/share/roofscope: find it
# from here, whichever python3 loads the package. In the build tree these folders do not exist and the
# native part finds the source tree's.
_share = _os.path.normpath(_os.path.join(_os.path.dirname(__file__), "..", "..", "..", "..", "share", "roofscope"))
for _variable, _folder in (("ROOFSCOPE_HARDWARE_DIR", "hardware"), ("ROOFSCOPE_MODELS_DIR", "models"),
                           ("ROOFSCOPE_PUBLISHED_RUNS_DIR", "published-runs"), ("ROOFSCOPE_EXAMPLES_DIR", "examples")):
    if _os.path.isdir(_os.path.join(_share, _folder)):
        _os.environ.setdefault(_variable, _os.path.join(_share, _folder))

from ._roofscope import Error, run, run_json, run_text  # noqa: E402,F401  (re-exported)
from . import _roofscope  # noqa: E402

Error.__module__ = "roofscope"

__all__ = [
    "Error", "run", "run_json", "run_text", "hardware", "models", "evaluate", "transformer", "sweep",
    "serving_map", "table", "compare", "export", "import_profile", "import_serving", "runs", "diff",
    "version", "load_session", "Session",
]


def version():
    """The program's version, as ``roofscope --version`` prints it."""
    return run_text(["--version"]).split()[-1]


def _value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value)


def _params(params):
    """{"batch": 64, "phase": "decode"} -> "batch=64,phase=decode"."""
    if params is None:
        return None
    if isinstance(params, str):
        return params
    return ",".join(f"{name}={_value(value)}" for name, value in params.items())


def _listed(value):
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def _options(**options):
    """Keyword arguments as command-line options: price_per_hour=2 -> --price-per-hour 2; True -> a flag;
    None and False -> left out; lists -> comma-separated; hardware_dir may be a list (repeated)."""
    args = []
    for name, value in options.items():
        if value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            args.append(flag)
        elif name == "hardware_dir" and isinstance(value, (list, tuple)):
            for folder in value:
                args += [flag, str(folder)]
        elif name in ("bytes", "bandwidth") and isinstance(value, dict):
            for level, count in value.items():  # the option once per level
                args += [flag, f"{level}={_value(count)}"]
        elif name == "bandwidth" and isinstance(value, (list, tuple)):
            for level in value:
                args += [flag, str(level)]
        elif name == "params":
            args += ["--param", _params(value)]
        else:
            args += [flag, _listed(value) if isinstance(value, (list, tuple)) else _value(value)]
    return args


def hardware(device=None, *, hardware_dir=None):
    """The hardware database: every device (a list) or one device's figures, sources and notes (a dict),
    as ``roofscope hardware list|show --json``."""
    if device is None:
        return run_json(["hardware", "list", "--json"] + _options(hardware_dir=hardware_dir))
    return run_json(["hardware", "show", device, "--json"] + _options(hardware_dir=hardware_dir))


def models(model=None):
    """The model catalogue: every model (a list) or one (a dict), with the parameters its shape counts,
    as ``roofscope models list|show --json``."""
    if model is None:
        return run_json(["models", "list", "--json"])
    return run_json(["models", "show", model, "--json"])


def evaluate(hardware=None, *, flops=None, bytes=None, kernel=None, params=None, model=None, chips=None,
             precision=None, unit=None, sustained=False, comm_fraction=None, tolerance=None, measured=None,
             count=None, name=None, working_set=None, peak=None, bandwidth=None, hardware_dir=None):
    """One kernel on each device: FLOPs and bytes (``bytes`` a number, or {level: bytes}), or a template
    (``kernel="matmul", params={...}``); every field of ``roofscope eval --json``."""
    args = ["eval", "--json"] + _options(
        hardware=hardware, flops=flops, bytes=bytes, kernel=kernel, params=params, model=model, chips=chips,
        precision=precision, unit=unit, sustained=sustained, comm_fraction=comm_fraction, tolerance=tolerance,
        measured=measured, count=count, name=name, working_set=working_set, peak=peak, bandwidth=bandwidth,
        hardware_dir=hardware_dir)
    return run_json(args)


def transformer(hardware=None, *, model=None, params=None, chips=None, isl=None, osl=None, concurrency=None,
                scenario=None, price_per_hour=None, tdp=None, sustained=False, precision=None, unit=None,
                comm_fraction=None, target_ms=None, ttft_target_ms=None, years=None, utilisation=None,
                usd_per_kwh=None, peak=None, bandwidth=None, hardware_dir=None):
    """A transformer step (or, with isl and osl, a request mix) served on each device: every field of
    ``roofscope workload transformer --json`` (tokens/s, memory per chip, collectives, cost, the verdict)."""
    args = ["workload", "transformer", "--json"] + _options(
        hardware=hardware, model=model, params=params, chips=chips, isl=isl, osl=osl, concurrency=concurrency,
        scenario=scenario, price_per_hour=price_per_hour, tdp=tdp, sustained=sustained, precision=precision,
        unit=unit, comm_fraction=comm_fraction, target_ms=target_ms, ttft_target_ms=ttft_target_ms, years=years,
        utilisation=utilisation, usd_per_kwh=usd_per_kwh, peak=peak, bandwidth=bandwidth, hardware_dir=hardware_dir)
    return run_json(args)


def sweep(hardware=None, *, vary, kernel="transformer", model=None, params=None, chips=None, sustained=False,
          precision=None, price_per_hour=None, tdp=None, peak=None, bandwidth=None, hardware_dir=None):
    """A sweep of one parameter (``vary="batch=1:512"`` or ``"batch=1:512:64"``) on each device, as
    ``roofscope sweep --json``: per device its points (with a transformer: tokens/s, t_min_s, fits)."""
    args = ["sweep", "--json"] + _options(
        hardware=hardware, kernel=kernel, model=model, params=params, vary=vary, chips=chips, sustained=sustained,
        precision=precision, price_per_hour=price_per_hour, tdp=tdp, peak=peak, bandwidth=bandwidth,
        hardware_dir=hardware_dir)
    return run_json(args)


def serving_map(hardware=None, *, x, y, kernel="transformer", model=None, params=None, chips=None, steps=None,
                sustained=False, hardware_dir=None):
    """A regime map over two parameters (``x="batch=1:512"``, ``y="seq=512:32768"``), as
    ``roofscope map --json``."""
    args = ["map", "--json"] + _options(
        hardware=hardware, kernel=kernel, model=model, params=params, x=x, y=y, chips=chips, steps=steps,
        sustained=sustained, hardware_dir=hardware_dir)
    return run_json(args)


def table(session, *, max_size=None, hardware_dir=None):
    """Every kernel of a session on every device (and each transformer group's serving row), as
    ``roofscope table --format json``: a list of rows."""
    return run_json(["table", "--session", str(session), "--format", "json"]
                    + _options(max_size=max_size, hardware_dir=hardware_dir))


def compare(session, *, baseline=None, target_ms=None, ttft_target_ms=None, years=None, utilisation=None,
            usd_per_kwh=None, max_size=None, hardware_dir=None):
    """The session's comparison with its verdict (the committee's answer per transformer group), as
    ``roofscope compare --format json``."""
    return run_json(["compare", "--session", str(session), "--format", "json"]
                    + _options(baseline=baseline, target_ms=target_ms, ttft_target_ms=ttft_target_ms, years=years,
                               utilisation=utilisation, usd_per_kwh=usd_per_kwh, max_size=max_size,
                               hardware_dir=hardware_dir))


def export(session, output, *, view=None, size=None, scale=None, theme=None, review=False, max_size=None,
           hardware_dir=None):
    """Writes the session's chart to ``output`` (.png, .svg, .pdf or .html; ``view="serving"`` the serving
    chart), as ``roofscope export`` does; returns the path written."""
    run_text(["export", "--session", str(session), "-o", str(output)]
             + _options(view=view, size=size, scale=scale, theme=theme, review=review, max_size=max_size,
                        hardware_dir=hardware_dir))
    return str(output)


class Session:
    """A session file, checked when loaded: its devices, kernels, groups and the verdict are what
    ``compare`` gives; ``table()``, ``compare()`` and ``export()`` evaluate it again (a file changed on
    disk is read afresh)."""

    def __init__(self, path, *, max_size=None, hardware_dir=None):
        self.path = str(path)
        self._options = {"max_size": max_size, "hardware_dir": hardware_dir}
        self.comparison = compare(self.path, **self._options)  # raises Error with the file's first problem

    @property
    def devices(self):
        """The devices as the comparison lists them (id, chips, totals, rank)."""
        return self.comparison["devices"]

    @property
    def answer(self):
        """The verdict of each transformer group (the headline the window shows), or an empty list."""
        return self.comparison.get("answer", [])

    def table(self):
        return table(self.path, **self._options)

    def compare(self, **criteria):
        return compare(self.path, **criteria, **self._options)

    def export(self, output, **options):
        return export(self.path, output, **options, **self._options)

    def __repr__(self):
        return f"roofscope.Session({self.path!r}: {len(self.devices)} devices)"


def load_session(path, *, max_size=None, hardware_dir=None):
    """Loads and checks a session (raises Error at the first problem, with its file, line and column)."""
    return Session(path, max_size=max_size, hardware_dir=hardware_dir)


def import_profile(format, *files, hardware=None, aggregate=False, device=None, max_size=None, hardware_dir=None):
    """Kernels measured by a profiler (``ncu``, ``rocprof``, ``rocprof-db``, ``advisor``, ``csv``, ``jax``,
    ``xprof``): the files imported into a session (``roofscope import FORMAT FILE... -o SESSION --inline``)
    and its rows as ``roofscope table --format json`` gives them (each kernel on each device of
    ``hardware``, or on none: its FLOPs, bytes, measured time and achieved FLOP/s)."""
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        session = _os.path.join(folder, "imported.yaml")
        run_json(["import", format] + [str(f) for f in files] + ["-o", session, "--inline", "--json"]
                 + _options(hardware=hardware, aggregate=aggregate, device=device, max_size=max_size,
                            hardware_dir=hardware_dir))
        return table(session, max_size=max_size, hardware_dir=hardware_dir)


def import_serving(format, *files, hardware=None, chips=None, model=None, engine=None, engine_version=None,
                   isl=None, osl=None, concurrency=None, weight_dtype=None, dtype=None, kv_dtype=None, flags=None,
                   hardware_dir=None):
    """Measured serving runs from a benchmark's output (``vllm-serve``, ``sglang``, ``aiperf``,
    ``genai-perf``, ``mlperf``, ``llmperf``, ``trtllm-bench``): the list of runs ``roofscope import FORMAT
    FILE... --json`` prints under ``runs``."""
    return run_json(["import", format] + [str(f) for f in files] + ["--json"]
                    + _options(hardware=hardware, chips=chips, model=model, engine=engine,
                               engine_version=engine_version, isl=isl, osl=osl, concurrency=concurrency,
                               weight_dtype=weight_dtype, dtype=dtype, kv_dtype=kv_dtype, flags=flags,
                               hardware_dir=hardware_dir))["runs"]


def runs(name=None, *, hardware=None, model=None, published_dir=None):
    """The shipped published serving runs: a list, or one run with its bound and gap, as
    ``roofscope runs list|show --json``."""
    if name is None:
        return run_json(["runs", "list", "--json"]
                        + _options(hardware=hardware, model=model, published_dir=published_dir))
    return run_json(["runs", "show", name, "--json"] + _options(published_dir=published_dir))


def diff(before, after, *, hardware=None, threshold=None, exact_names=False, hardware_dir=None):
    """Two runs of the same program compared kernel by kernel, as ``roofscope diff --json`` (a regression
    past the threshold is in the result, not an exception)."""
    status, out, err = run(["diff", str(before), str(after), "--json"]
                           + _options(hardware=hardware, threshold=threshold, exact_names=exact_names,
                                      hardware_dir=hardware_dir))
    if status not in (0, 3):
        raise Error(err.strip().removeprefix("roofscope: error: "))
    import json
    return json.loads(out)
