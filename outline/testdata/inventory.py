"""An inventory of items."""

import dataclasses
from typing import Iterator

MAX_ITEMS = 100


@dataclasses.dataclass
class Item:
    name: str
    count: int = 0

    def restock(self, n: int) -> None:
        self.count += n

    @property
    def empty(self) -> bool:
        return self.count == 0


class Inventory:
    """Items by name."""

    class Full(Exception):
        pass

    def __init__(self):
        self.items = {}

    def add(self, item: Item) -> None:
        if len(self.items) >= MAX_ITEMS:
            raise Inventory.Full(item.name)
        self.items[item.name] = item

    def __iter__(self) -> Iterator[Item]:
        def by_name(i):
            return i.name

        return iter(sorted(self.items.values(), key=by_name))

    async def refresh(self):
        for item in self:
            item.restock(1)


def load(path):
    inv = Inventory()
    with open(path) as f:
        for line in f:
            name, _, count = line.partition(",")
            inv.add(Item(name, int(count)))
    return inv


async def main():
    inv = load("items.csv")
    await inv.refresh()
