package fixtures.cache;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/** A small cache with a lock, counters and a cleaner thread. */
public class Cache<K, V> {
    private final Object lock = new Object();
    private final Map<K, V> entries = new LinkedHashMap<>();
    private final Map<K, Long> stamps = new HashMap<>();
    private final int capacity;
    private int hits, misses;

    public Cache(int capacity) {
        assert capacity > 0;
        this.capacity = capacity;
    }

    public V get(K key, Supplier<V> make) {
        Objects.requireNonNull(key, "key");
        synchronized (lock) {
            V v = entries.get(key);
            if (v != null) {
                hits++;
                return v;
            }
            misses++;
            v = make.get();
            entries.put(key, v);
            stamps.put(key, System.nanoTime());
            if (entries.size() > capacity) {
                evict();
            }
            return v;
        }
    }

    private void evict() {
        K oldest = null;
        for (K k : entries.keySet()) {
            oldest = k;
            break;
        }
        if (oldest != null) {
            entries.remove(oldest);
            stamps.remove(oldest);
        }
    }

    public void clear() {
        synchronized (this) {
            entries.clear();
        }
        synchronized (lock) {
            stamps.clear();
            hits = 0;
            misses = 0;
        }
    }

    public double ratio() {
        int all = hits + misses;
        if (all == 0) return 0;
        return (double) hits / all;
    }

    public String stats() {
        String s = String.format("%d hits, %d misses", hits, misses);
        System.out.println(s);
        return s;
    }

    public Thread cleaner(long every) {
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(every);
                } catch (InterruptedException e) {
                    return;
                }
                clear();
            }
        });
        t.setDaemon(true);
        return t;
    }

    public int sizeOf(List<K> keys) {
        int n = 0;
        for (K k : keys) {
            if (entries.get(k) == null) continue;
            n++;
        }
        keys.stream().filter(Objects::nonNull).forEach(k -> stamps.remove(k));
        keys.forEach(this::touch);
        return n;
    }

    private void touch(K key) {
        stamps.put(key, System.nanoTime());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + entries;
    }
}
