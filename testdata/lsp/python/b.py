from a import greet


class Greeter:
    """A Greeter greets by name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def hello(self) -> str:
        return greet(self.name) + greet("again")


def pi() -> str:
    greeting = "π𝄞é"; return greeting + greet("ü") + greet("!")
