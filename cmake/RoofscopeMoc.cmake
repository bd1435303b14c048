# moc without the compiler's own include folders.
#
# AUTOMOC hands moc every include folder of a target and also the compiler's implicit ones
# (/usr/include/c++/12, /usr/include, ...); moc then reads the standard library's headers again for each
# file it processes. On the 2-core machine that tripled moc's time (the 26 GUI suites: 42 s of CPU
# against 12 s without them) for the same output, file for file. roofscope_fast_moc(TARGET) points
# TARGET's AUTOMOC at a small wrapper that drops those folders and runs Qt's moc.
set(roofscope_qt_moc "")
foreach(property IMPORTED_LOCATION IMPORTED_LOCATION_RELEASE IMPORTED_LOCATION_NONE)
    if(NOT roofscope_qt_moc)
        get_target_property(roofscope_qt_moc Qt6::moc ${property})
    endif()
endforeach()

set(ROOFSCOPE_MOC_WRAPPER "")
if(roofscope_qt_moc AND CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES AND CMAKE_HOST_UNIX)
    set(ROOFSCOPE_QT_MOC ${roofscope_qt_moc})
    list(TRANSFORM CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES PREPEND "-I" OUTPUT_VARIABLE roofscope_dropped)
    list(JOIN roofscope_dropped "|" ROOFSCOPE_MOC_DROPPED)
    set(ROOFSCOPE_MOC_WRAPPER ${CMAKE_BINARY_DIR}/roofscope-moc)
    configure_file(${CMAKE_CURRENT_LIST_DIR}/roofscope-moc.in ${ROOFSCOPE_MOC_WRAPPER} @ONLY
        FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endif()

# roofscope_fast_moc(TARGET): TARGET's AUTOMOC runs moc through the wrapper (when one could be made).
function(roofscope_fast_moc target)
    if(ROOFSCOPE_MOC_WRAPPER)
        set_target_properties(${target} PROPERTIES AUTOMOC_EXECUTABLE ${ROOFSCOPE_MOC_WRAPPER})
    endif()
endfunction()
