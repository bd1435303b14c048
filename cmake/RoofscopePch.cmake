# Precompiled headers: the Qt and QCustomPlot headers (with nlohmann/json and the standard library) are
# compiled once per set instead of once per source file: one set for roofscope_document, one shared by
# roofscope_chart, roofscope_cli, roofscope_widgets and the benchmark of the window, one for the core
# tests and one shared by the cli and gui tests. roofscope_core has none: its files are small and the
# header set cost more to load than it saved. -DROOFSCOPE_PCH=OFF builds without them, which shows a
# file that forgets an include it needs.
option(ROOFSCOPE_PCH "Precompile the headers each target's sources share" ON)

# A compiler cache in front of the compiler (CMAKE_CXX_COMPILER_LAUNCHER=ccache) caches objects built with
# a precompiled header only if told that the header's defines and freshly written file times do not matter.
if(ROOFSCOPE_PCH AND CMAKE_CXX_COMPILER_LAUNCHER)
    list(GET CMAKE_CXX_COMPILER_LAUNCHER -1 roofscope_launcher)
    get_filename_component(roofscope_launcher "${roofscope_launcher}" NAME)
    if(roofscope_launcher STREQUAL "ccache" AND NOT "${CMAKE_CXX_COMPILER_LAUNCHER}" MATCHES "CCACHE_SLOPPINESS")
        set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env
            CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
            ${CMAKE_CXX_COMPILER_LAUNCHER})
    endif()
endif()

# roofscope_precompile_headers(TARGET HEADER...): TARGET precompiles HEADERs (<name> or "file").
function(roofscope_precompile_headers target)
    if(ROOFSCOPE_PCH)
        target_precompile_headers(${target} PRIVATE ${ARGN})
        roofscope_skip_pch_for_moc_list(${target})
    endif()
endfunction()

# The moc output of AUTOMOC is compiled inside the sources (each .cpp includes its moc_<name>.cpp, a test
# its <name>.moc), so the target's mocs_compilation.cpp is empty: loading a 350 MB header set for it cost
# 3 to 6 s of a fresh build per target.
function(roofscope_skip_pch_for_moc_list target)
    get_target_property(binary_dir ${target} BINARY_DIR)
    set_source_files_properties(${binary_dir}/${target}_autogen/mocs_compilation.cpp PROPERTIES
        SKIP_PRECOMPILE_HEADERS ON)
endfunction()

# roofscope_reuse_precompiled_headers(TARGET FROM): TARGET (same compile flags as FROM) uses FROM's.
function(roofscope_reuse_precompiled_headers target from)
    if(ROOFSCOPE_PCH)
        target_precompile_headers(${target} REUSE_FROM ${from})
        roofscope_skip_pch_for_moc_list(${target})
    endif()
endfunction()
