# Install rules and the CMake package lib/cmake/tdrc (find_package(tdrc)):
# tdrc and tdrc-usage (and tdrc-calibrate), the OpenCL runtime libraries of runtime/cl with their
# headers, tdrc_add_kernels(), the man page.  Every installed path is relative
# to the prefix: the package works wherever the tree is copied.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TDRC_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/tdrc)

# In-tree spellings of the exported names, so tdrc_add_kernels() also works
# inside this project.
add_executable(tdrc::tdrc ALIAS tdrc)
install(TARGETS tdrc tdrc-usage libtdrc EXPORT tdrcTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The C API's header (tdrc as a library: tdrc::libtdrc).
install(FILES ${PROJECT_SOURCE_DIR}/include/tdrc/tdrc.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tdrc)
install(EXPORT tdrcTargets NAMESPACE tdrc::
        DESTINATION ${TDRC_INSTALL_CMAKEDIR})

# Include directories given as plain source paths are build-tree only; the
# installed targets use <prefix>/include.  Generator expressions are kept.
function(_tdrc_installable_includes target)
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  set(fixed "")
  foreach(d IN LISTS dirs)
    if(d MATCHES "^\\$<")
      list(APPEND fixed "${d}")
    else()
      list(APPEND fixed "$<BUILD_INTERFACE:${d}>")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${fixed}")
endfunction()

if(TDRC_BUILD_RUNTIME)
  # The libraries runtime/cl defines: a new one is one more name here.
  set(TDRC_RUNTIME_TARGETS tdrcl tdrc_runtime)
  foreach(t IN LISTS TDRC_RUNTIME_TARGETS)
    _tdrc_installable_includes(${t})
  endforeach()
  # tdrc::runtime: all of them, one stable name for applications.
  # (tdrc_runtime is the C++ library's own name, hence _all.)
  add_library(tdrc_runtime_all INTERFACE)
  set_target_properties(tdrc_runtime_all PROPERTIES EXPORT_NAME runtime)
  target_link_libraries(tdrc_runtime_all INTERFACE ${TDRC_RUNTIME_TARGETS})
  add_library(tdrc::runtime ALIAS tdrc_runtime_all)
  install(TARGETS ${TDRC_RUNTIME_TARGETS} tdrc_runtime_all EXPORT tdrcRuntimeTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/cl/include/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT tdrcRuntimeTargets NAMESPACE tdrc::
          DESTINATION ${TDRC_INSTALL_CMAKEDIR})
  # Next to tdrc, which it runs.
  install(TARGETS tdrc-calibrate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # The interceptor in <prefix>/lib and its launcher beside tdrc: each finds
  # the other (and tdrc) by these relative places (docs/intercept.md).
  install(TARGETS tdrc_intercept tdrc_nvrtc LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(PROGRAMS ${PROJECT_SOURCE_DIR}/tools/tdrc-run
          DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/tdrcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/tdrcConfig.cmake
  INSTALL_DESTINATION ${TDRC_INSTALL_CMAKEDIR})
# 0.x: a new minor version may change the interface.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/tdrcConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/tdrcConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/tdrcConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/tdrcAddKernels.cmake
              ${PROJECT_SOURCE_DIR}/cmake/tdrcEmbed.cmake
        DESTINATION ${TDRC_INSTALL_CMAKEDIR})

install(FILES ${PROJECT_SOURCE_DIR}/docs/tdrc.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# Cost profiles measured with tdrc-calibrate (docs/cost-profile.md).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/profiles/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/tdrc/profiles FILES_MATCHING PATTERN "*.json")
