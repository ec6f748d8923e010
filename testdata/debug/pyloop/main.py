def work(i):
    return i * 2


def check(n):
    if n > 2:
        raise ValueError("too big: %d" % n)
    return n


def main():
    total = 0
    for i in range(10):
        total += work(i)
    try:
        check(5)
    except ValueError:
        pass
    print("total", total)


main()
