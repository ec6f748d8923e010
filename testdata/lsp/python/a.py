"""Greetings."""


def greet(name: str) -> str:
    """Greet says hello."""
    return f"hello, {name}"
