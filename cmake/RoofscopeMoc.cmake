# moc without the compiler's own include folders.
#
# AUTOMOC hands moc every include folder of a target and also the compiler's implicit ones
# (/usr/include/c++/12, /usr/include, ...); moc then reads the standard library's headers again for each
# file it processes. On the 2-core machine that tripled moc's time (the 26 GUI suites: 42 s of CPU
# against 12 s without them) for the same output, file for file. roofscope_fast_moc(TARGET) points
# TARGET's AUTOMOC at a small wrapper that drops those folders (never Qt's own) and runs Qt's moc.
set(roofscope_qt_moc "")
get_target_property(roofscope_moc_configs Qt6::moc IMPORTED_CONFIGURATIONS)
if(NOT roofscope_moc_configs)
    set(roofscope_moc_configs "")
endif()
foreach(config "" ${roofscope_moc_configs})
    if(NOT roofscope_qt_moc)
        if(config STREQUAL "")
            get_target_property(roofscope_qt_moc Qt6::moc IMPORTED_LOCATION)
        else()
            get_target_property(roofscope_qt_moc Qt6::moc IMPORTED_LOCATION_${config})
        endif()
    endif()
endforeach()

set(ROOFSCOPE_MOC_WRAPPER "")
set(roofscope_dropped ${CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES})
get_target_property(roofscope_qt_includes Qt6::Core INTERFACE_INCLUDE_DIRECTORIES)
if(roofscope_qt_includes)
    list(REMOVE_ITEM roofscope_dropped ${roofscope_qt_includes})
endif()
if(roofscope_qt_moc AND roofscope_dropped AND CMAKE_HOST_UNIX)
    set(ROOFSCOPE_QT_MOC ${roofscope_qt_moc})
    # Each folder as a quoted, literal case pattern (a space or a glob character in a path stays text).
    set(patterns)
    foreach(folder ${roofscope_dropped})
        string(REGEX REPLACE "([\\\\\"$`])" "\\\\\\1" folder "${folder}")
        list(APPEND patterns "\"-I${folder}\"")
    endforeach()
    list(JOIN patterns "|" ROOFSCOPE_MOC_DROPPED)
    # The wrapper's text names moc's time, so a new moc (a Qt upgrade) rewrites the wrapper and AUTOMOC,
    # which compares its outputs with the wrapper's time, runs again.
    file(TIMESTAMP ${roofscope_qt_moc} ROOFSCOPE_QT_MOC_STAMP UTC)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${roofscope_qt_moc})
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
