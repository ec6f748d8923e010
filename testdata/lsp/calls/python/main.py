def helper_a():
    return 1


def helper_b():
    return 2


# work calls two helpers, and three functions call it.
def work():
    return helper_a() + helper_b()


def one():
    return work()


def two():
    return work() * 2


def three():
    return work() + 3
