#include "io/map_io.hpp"
