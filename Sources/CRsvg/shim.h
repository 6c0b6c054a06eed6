#include <librsvg/rsvg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
