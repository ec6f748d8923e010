#include "greet.h"

/* A greeter greets by name. */
struct greeter { const char *name; };

/* hello greets the greeter twice. */
int hello(struct greeter g) { return greet(g.name)[0] + greet("again")[0]; }

/* pi greets after some non-ASCII text. */
const char *pi(void) { const char *greeting = "π𝄞é"; return greet(greeting)[0] ? greet("ü") : greeting; }
