# Installs the build tree into WORK/prefix, configures, builds and runs the consumer
# project against it, and checks what it prints. Run by ctest (see tests/CMakeLists.txt):
#   cmake -DBUILD=<build dir> -DWORK=<scratch dir> -DSOURCE=<repo> -DFLAGS=<link flags> -P consumer_test.cmake
file(REMOVE_RECURSE ${WORK})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix)
run(${CMAKE_COMMAND} -S ${SOURCE}/tests/install/consumer -B ${WORK}/build -DCMAKE_PREFIX_PATH=${WORK}/prefix
    "-DCMAKE_CXX_FLAGS=${FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK}/build)
run(${WORK}/build/consumer ${SOURCE}/maps/seed-demo.json)
message(STATUS "consumer printed: ${out}")
if(NOT out MATCHES "polypath [0-9]+\\.[0-9]+\\.[0-9]+ length 34\\.861884652980")
  message(FATAL_ERROR "unexpected output: ${out}")
endif()
