const f = (x) => x > 0 ? g(x) : `n ${x}`;
