def f(x):
    if x > 0:
        return g(x)
    return [y for y in x]
