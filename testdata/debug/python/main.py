def square(n):
    r = n * n
    return r


def main():
    total = 0
    for i in range(1, 4):
        total += square(i)
    print("total", total)


main()
