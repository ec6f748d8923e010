package fixtures.lines;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a file's lines, with retries and a little reporting. */
public final class Lines {
    private final Path path;
    private int read;

    public Lines(Path path) {
        this.path = path;
        this.read = 0;
    }

    @SuppressWarnings("unchecked")
    public List<String> all() {
        List<String> out = new ArrayList<>();
        try {
            BufferedReader r = Files.newBufferedReader(path);
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line);
                read++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public List first(int n) {
        List out = new ArrayList();
        try {
            for (String line : Files.readAllLines(path)) {
                if (out.size() == n) break;
                out.add(line);
            }
        } catch (Exception e) {
            System.out.println(e.getMessage());
        }
        return out;
    }

    @SuppressWarnings(value = "deprecation")
    public String retry(int times) throws InterruptedException {
        int tries = 0;
        do {
            try {
                return Files.readString(path);
            } catch (IOException e) {
                tries++;
                Thread.sleep(100L * tries);
            }
        } while (tries < times);
        Thread.sleep(10);
        return null;
    }

    public void report() {
        System.out.println();
        System.out.println("read " + read + " lines of " + path);
        System.out.println(String.format("%s: %d", path, read));
        System.err.println(path.getClass());
        if (read == 0) {
            System.out.println("nothing read");
        } else {
            System.out.println("done");
        }
    }

    public int longest() {
        int best = 0;
        List<String> lines = all();
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i);
            best = s.length() > best ? s.length() : best;
        }
        char[] chars = path.toString().toCharArray();
        return best > chars.length ? best : chars.length;
    }

    public void close() {
        try {
            Files.deleteIfExists(path);
        } catch (Exception e) {
            throw new RuntimeException(e);
        } finally {
            read = 0;
        }
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
