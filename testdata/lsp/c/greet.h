#ifndef GREET_H
#define GREET_H

/* greet says hello. */
const char *greet(const char *name);

#endif
