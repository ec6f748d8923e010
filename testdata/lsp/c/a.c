#include "greet.h"

/* greet says hello. */
const char *greet(const char *name) {
	return name;
}
