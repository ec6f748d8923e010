package org.example;

import java.util.ArrayList;
import java.util.List;

public class Library {
    private final List<Book> books = new ArrayList<>();

    public record Book(String title, int year) {
        public boolean old() {
            return year < 1900;
        }
    }

    public interface Visitor {
        void visit(Book b);
    }

    public enum Genre {
        FICTION, SCIENCE;

        String label() {
            return name().toLowerCase();
        }
    }

    public Library() {}

    public void add(Book b) {
        books.add(b);
    }

    public void each(Visitor v) {
        for (Book b : books) {
            v.visit(b);
        }
    }

    @interface Audited {}
}
