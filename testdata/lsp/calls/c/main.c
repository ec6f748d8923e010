static int helper_a(void) { return 1; }

static int helper_b(void) { return 2; }

/* work calls two helpers, and three functions call it. */
int work(void) {
	return helper_a() + helper_b();
}

int one(void) { return work(); }

int two(void) { return work() * 2; }

int three(void) { return work() + 3; }

int main(void) { return one() + two() + three(); }
