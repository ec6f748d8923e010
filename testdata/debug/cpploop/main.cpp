#include <cstdio>
#include <stdexcept>

namespace calc {
int work(int i) {
	return i * 2;
}

int check(int n) {
	if (n > 2) {
		throw std::runtime_error("too big");
	}
	return n;
}
}  // namespace calc

int main() {
	int total = 0;
	for (int i = 0; i < 10; i++) {
		total += calc::work(i);
	}
	try {
		calc::check(5);
	} catch (const std::exception &) {
	}
	std::printf("total %d\n", total);
	return 0;
}
