# polypath_library(NAME <target> [EXPORT <name>] [PUBLIC deps...] [PRIVATE deps...])
# One static library of polypath from every .cpp in the calling folder. Public headers
# come from include/polypath/ (installed); private headers from src/. With EXPORT the
# target is installed and exported as polypath::<name>.
function(polypath_library)
  cmake_parse_arguments(ARG "" "NAME;EXPORT" "PUBLIC;PRIVATE" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  add_library(${ARG_NAME} STATIC ${sources})
  target_include_directories(${ARG_NAME}
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_compile_features(${ARG_NAME} PUBLIC cxx_std_20)
  target_link_libraries(${ARG_NAME} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE} $<BUILD_INTERFACE:polypath_warnings>)
  if(ARG_EXPORT)
    set_target_properties(${ARG_NAME} PROPERTIES EXPORT_NAME ${ARG_EXPORT})
    add_library(polypath::${ARG_EXPORT} ALIAS ${ARG_NAME})
    set_property(GLOBAL APPEND PROPERTY POLYPATH_EXPORTED_TARGETS ${ARG_NAME})
  endif()
endfunction()
