// version.cpp: polypath::version() (see polypath/version.hpp).
#include "polypath/version.hpp"

namespace polypath {

const char* version() { return POLYPATH_VERSION_STRING; }

}  // namespace polypath
