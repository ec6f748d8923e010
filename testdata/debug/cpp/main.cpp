#include <cstdio>

template <typename T>
T add(T a, T b) {
	T sum = a + b;
	return sum;
}

int main() {
	int total = add(2, 3);
	double half = add(0.25, 0.25);
	std::printf("total %d half %.2f\n", total, half);
	return 0;
}
