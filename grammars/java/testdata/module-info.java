/** A module of our own, for the golden tree. */
@Deprecated
open module org.example.app {
    requires transitive java.sql;
    requires static java.desktop;
    requires transitive;
    exports org.example.api;
    exports org.example.spi to org.example.plugins, org.example.tests;
    opens org.example.model;
    uses org.example.spi.Plugin;
    provides org.example.spi.Plugin with org.example.impl.First, org.example.impl.Second;
}
