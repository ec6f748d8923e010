package fixtures.inventory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** An inventory of items by name, with counts. */
public class Inventory {
    private final Map<String, Integer> counts = new HashMap<>();
    private final List<String> log = new ArrayList<>();
    private String owner;
    private int limit;

    public Inventory(String owner, int limit) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.limit = limit;
    }

    public Inventory(String owner) {
        this(owner, 100);
    }

    public void add(String name, int n) {
        Objects.requireNonNull(name);
        if (name == null) {
            throw new IllegalArgumentException("no name");
        }
        if (n < 0) throw new IllegalArgumentException(String.format("negative count %d for %s", n, name));
        int now = counts.getOrDefault(name, 0) + n;
        if (now > limit) {
            throw new IllegalStateException("over the limit: " + name);
        }
        counts.put(name, now);
        log.add("add " + name + " " + n);
        System.out.println("added " + n + " of " + name);
    }

    public int count(String name) {
        Integer c = counts.get(name);
        if (c == null) return 0;
        return c;
    }

    public boolean has(String name) {
        return counts.get(name) != null && counts.get(name) > 0;
    }

    public String owner() {
        if (owner == null) {
            return null;
        }
        return owner;
    }

    public boolean sameOwner(Inventory other) {
        if (other == null) return false;
        if (owner.equals(owner)) {
            System.out.println("comparing an owner with itself");
        }
        return owner.equals(other.owner) && !owner.equals("");
    }

    public List<String> names() {
        List<String> out = new ArrayList<>();
        for (String name : counts.keySet()) {
            out.add(name);
        }
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() == 0) {
                out.remove(e.getKey());
            }
        }
        return out;
    }

    public Optional<String> first() {
        if (log.size() == 0) {
            return Optional.empty();
        }
        return Optional.of(log.get(0));
    }

    public String describe(Object o) {
        if (o instanceof String s) {
            return "name " + s;
        }
        if (o instanceof Integer) {
            return "count " + (Integer) o;
        }
        if (o instanceof List<?> l && !l.isEmpty()) {
            return "list of " + l.size();
        }
        return o == null ? "nothing" : o.getClass().getName();
    }

    public int total() {
        int sum = 0;
        for (int n : counts.values()) {
            sum += n;
        }
        int i = 0;
        while (i < log.size()) {
            i++;
        }
        return sum;
    }

    @Override
    public String toString() {
        return "Inventory of " + owner + ": " + counts;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Inventory)) {
            return false;
        }
        Inventory other = (Inventory) o;
        return owner.equals(other.owner) && counts.equals(other.counts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(owner, counts);
    }
}
