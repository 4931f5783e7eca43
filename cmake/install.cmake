# Installs the exported libraries (polypath::core, ::debug, ::formats, ::geom, ::methods,
# ::convert, ::c),
# their headers and a CMake package, so that after `cmake --install build --prefix P` a
# project finds them with find_package(polypath) (CMAKE_PREFIX_PATH=P).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
get_property(polypath_targets GLOBAL PROPERTY POLYPATH_EXPORTED_TARGETS)
install(TARGETS ${polypath_targets} EXPORT polypathTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/polypath ${PROJECT_BINARY_DIR}/include/polypath
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/polypath)
install(EXPORT polypathTargets NAMESPACE polypath:: DESTINATION ${config_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/polypathConfig.cmake.in
  ${PROJECT_BINARY_DIR}/polypathConfig.cmake INSTALL_DESTINATION ${config_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/polypathConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/polypathConfig.cmake ${PROJECT_BINARY_DIR}/polypathConfigVersion.cmake
  DESTINATION ${config_dir})
install(TARGETS polypath RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET polypath-editor)
  install(TARGETS polypath-editor RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
