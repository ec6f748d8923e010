// A seed for the Java fuzz targets: an order book for a small exchange,
// written for these tests, in the Java 21 most services are written in.
package org.example.exchange;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/** Which side of the book an order rests on. */
enum Side {
    BUY, SELL;

    Side opposite() {
        return this == BUY ? SELL : BUY;
    }
}

/** An order as it arrives, before it is matched. */
record Order(long id, String symbol, Side side, long price, long quantity, Instant at) {
    Order {
        requireNonNull(symbol, "symbol");
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive: " + quantity);
        }
    }

    Order withQuantity(long q) {
        return new Order(id, symbol, side, price, q, at);
    }
}

/** What matching produced. */
sealed interface Event permits Event.Filled, Event.Rested, Event.Rejected {
    long orderId();

    record Filled(long orderId, long against, long price, long quantity) implements Event {}

    record Rested(long orderId, long quantity) implements Event {}

    record Rejected(long orderId, String reason) implements Event {}
}

@FunctionalInterface
interface Listener extends Consumer<Event> {
    default Listener andLog() {
        return e -> {
            System.out.println("event: " + e);
            accept(e);
        };
    }
}

public final class OrderBook implements AutoCloseable {
    private static final int MAX_LEVELS = 10_000;
    private static final long TICK = 0x10L;

    private final String symbol;
    private final TreeMap<Long, List<Order>> bids = new TreeMap<>(Comparator.reverseOrder());
    private final TreeMap<Long, List<Order>> asks = new TreeMap<>();
    private final Map<Long, Order> byId = new HashMap<>();
    private final List<Listener> listeners = new ArrayList<>();
    private final AtomicLong sequence = new AtomicLong();
    private volatile boolean closed;

    public OrderBook(String symbol) {
        this.symbol = requireNonNull(symbol);
    }

    public void subscribe(Listener l) {
        synchronized (listeners) {
            listeners.add(l);
        }
    }

    private void publish(Event e) {
        List<Listener> copy;
        synchronized (listeners) {
            copy = List.copyOf(listeners);
        }
        for (Listener l : copy) {
            try {
                l.accept(e);
            } catch (RuntimeException ex) {
                System.err.printf("listener %s failed: %s%n", l, ex.getMessage());
            }
        }
    }

    public List<Event> submit(Order order) {
        if (closed) {
            return List.of(new Event.Rejected(order.id(), "book closed"));
        }
        if (!order.symbol().equals(symbol)) {
            return List.of(new Event.Rejected(order.id(), "wrong symbol " + order.symbol()));
        }
        if (order.price() % TICK != 0) {
            return List.of(new Event.Rejected(order.id(), "price off tick"));
        }
        var events = new ArrayList<Event>();
        long left = match(order, events);
        if (left > 0) {
            rest(order.withQuantity(left));
            events.add(new Event.Rested(order.id(), left));
        }
        events.forEach(this::publish);
        return events;
    }

    private long match(Order in, List<Event> out) {
        TreeMap<Long, List<Order>> book = in.side() == Side.BUY ? asks : bids;
        long left = in.quantity();
        while (left > 0 && !book.isEmpty()) {
            Map.Entry<Long, List<Order>> best = book.firstEntry();
            boolean crosses = switch (in.side()) {
                case BUY -> best.getKey() <= in.price();
                case SELL -> best.getKey() >= in.price();
            };
            if (!crosses) {
                break;
            }
            var queue = best.getValue();
            for (var it = queue.iterator(); it.hasNext() && left > 0; ) {
                Order resting = it.next();
                long q = Math.min(left, resting.quantity());
                out.add(new Event.Filled(in.id(), resting.id(), best.getKey(), q));
                left -= q;
                if (q == resting.quantity()) {
                    it.remove();
                    byId.remove(resting.id());
                } else {
                    byId.put(resting.id(), resting.withQuantity(resting.quantity() - q));
                }
            }
            if (queue.isEmpty()) {
                book.pollFirstEntry();
            }
        }
        return left;
    }

    private void rest(Order o) {
        var book = o.side() == Side.BUY ? bids : asks;
        if (book.size() >= MAX_LEVELS && !book.containsKey(o.price())) {
            throw new IllegalStateException("too many price levels");
        }
        book.computeIfAbsent(o.price(), p -> new ArrayList<>()).add(o);
        byId.put(o.id(), o);
    }

    public Optional<Order> cancel(long id) {
        Order o = byId.remove(id);
        if (o == null) {
            return Optional.empty();
        }
        var level = (o.side() == Side.BUY ? bids : asks).get(o.price());
        if (level != null) {
            level.removeIf(x -> x.id() == id);
        }
        return Optional.of(o);
    }

    static String describe(Event e) {
        return switch (e) {
            case Event.Filled(long id, long against, long price, long q) when q > 1_000 ->
                "block fill of %d at %d".formatted(q, price);
            case Event.Filled f -> "fill " + f.quantity();
            case Event.Rested(var id, var q) -> "rested " + q;
            case Event.Rejected r -> {
                String why = r.reason();
                yield "rejected: " + (why.isBlank() ? "unknown" : why);
            }
        };
    }

    public Map<Side, Long> depth() {
        return byId.values().stream()
                .collect(Collectors.groupingBy(Order::side, () -> new java.util.EnumMap<>(Side.class),
                        Collectors.summingLong(Order::quantity)));
    }

    public String snapshot() {
        var sb = new StringBuilder();
        sb.append("""
                book %s
                  bids: %d levels
                  asks: %d levels
                """.formatted(symbol, bids.size(), asks.size()));
        int[] counts = new int[2];
        bids.values().forEach(l -> counts[0] += l.size());
        asks.values().forEach(l -> counts[1] += l.size());
        label:
        for (int i = 0; i < counts.length; i++) {
            do {
                if (counts[i] == 0) continue label;
                sb.append(i == 0 ? 'B' : 'S').append(':').append(counts[i]).append('\n');
            } while (false);
        }
        return sb.toString();
    }

    long nextId() {
        return sequence.incrementAndGet();
    }

    @Override
    public void close() {
        closed = true;
        Object o = byId.isEmpty() ? null : byId;
        if (o instanceof Map<?, ?> m && !m.isEmpty()) {
            assert !listeners.isEmpty() : "orders left with no one to tell";
        }
        byId.clear();
    }

    @SuppressWarnings("unchecked")
    private static <T extends Comparable<? super T>> T max(T a, T b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    public static void main(String[] args) throws Exception {
        try (var book = new OrderBook("ACME")) {
            book.subscribe(((Listener) System.out::println).andLog());
            book.submit(new Order(book.nextId(), "ACME", Side.SELL, 0x100, 5, Instant.now()));
            var events = book.submit(new Order(book.nextId(), "ACME", Side.BUY, 0x110, 8, Instant.now()));
            for (Event e : events) {
                System.out.println(describe(e));
            }
            System.out.println(book.snapshot());
        } catch (IllegalStateException | IllegalArgumentException e) {
            e.printStackTrace();
        } finally {
            System.out.println(max("a", "b"));
        }
    }
}
