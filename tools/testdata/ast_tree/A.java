class A {
    @Override
    public String toString() { return switch (n) { case 1 -> "one"; default -> "many"; }; }
}
