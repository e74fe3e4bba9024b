// glib, for its headers: libvips' own include them, and CVips compiles against those while it
// opens libvips itself only when a picture is processed.
#include <glib.h>
