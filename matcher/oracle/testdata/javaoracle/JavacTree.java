// JavacTree prints what javac's own front end says of Java files: whether
// they parse, their syntax trees, or their tokens. It reads one path a line
// from standard input and prints one JSON object a line, so that one JVM
// serves many files. It is run with the single-file source launcher:
//
//	java --add-exports jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED \
//	     --add-exports jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED \
//	     --add-exports jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED \
//	     JavacTree.java MODE [RELEASE]
//
// RELEASE, when given, is the Java release javac's parser reads (--release)
// in the modes parse and tree: 21 for a JDK 25 that is to read Java 21 as
// 21. MODE is one of:
//
//	parse   {"file","ok","errors":[{"line","msg"}]}: JavacTask.parse() and
//	        the errors it reports (parsing reports syntax errors only)
//	tree    the same, and "tree": the compilation unit's syntax tree (with
//	        "a" + "b" left as it is written, not folded into one string), each
//	        node {"k","s","e","r","a","c"}: its Tree.Kind, its start and end
//	        as UTF-8 byte offsets (-1 where javac has none), its role in its
//	        parent (the getter of com.sun.source.tree that returns it:
//	        "condition", "arguments", ...), its attributes (names, literal
//	        values, modifier flags, ...) and its children
//	tokens  the same, and the tokens javac's scanner reads: "spans":
//	        [start0,end0,start1,end1,...] as UTF-8 byte offsets, and
//	        "kinds": ["IDENTIFIER","SEMI",...], their TokenKind names.
//	        A Unicode escape is spelled out in the text the offsets count:
//	        an identifier written a\u0062c spans all eight of its bytes, as
//	        it does in the file.
//
// Only javac's own interfaces are read, so the program runs on any JDK from
// 17 on, and reads what that JDK's javac reads. A file javac cannot read
// is reported with "ok":false, never a crash: a fault of this program on
// one file is an error of that file whose message starts with "crash:".
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import com.sun.tools.javac.file.JavacFileManager;
import com.sun.tools.javac.parser.Scanner;
import com.sun.tools.javac.parser.ScannerFactory;
import com.sun.tools.javac.parser.Tokens;
import com.sun.tools.javac.util.Context;
import com.sun.tools.javac.util.Log;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticListener;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class JavacTree {
    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2 || !List.of("parse", "tree", "tokens").contains(args[0])) {
            System.err.println("usage: java JavacTree.java parse|tree|tokens [RELEASE] < paths");
            System.exit(2);
        }
        String mode = args[0];
        List<String> options = new ArrayList<>(List.of("-proc:none", "-encoding", "UTF-8", "-XDallowStringFolding=false"));
        if (args.length == 2) {
            options.addAll(List.of("--release", args[1]));
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager fm = compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16), false, StandardCharsets.UTF_8);
        Roles roles = new Roles();
        for (String path; (path = in.readLine()) != null; ) {
            if (path.isEmpty()) {
                continue;
            }
            StringBuilder sb = new StringBuilder(1 << 12);
            try {
                oneFile(sb, mode, options, compiler, fm, roles, path);
            } catch (Throwable e) {
                // whatever this file made of the program, the next one
                // starts afresh
                sb.setLength(0);
                sb.append("{\"file\":");
                Json.string(sb, path);
                sb.append(",\"ok\":false,\"errors\":[{\"line\":0,\"msg\":");
                Json.string(sb, "crash: " + e);
                sb.append("}]}");
            }
            out.println(sb);
            out.flush(); // the reader waits for each line
        }
        out.flush();
    }

    // oneFile appends the JSON line of one file to sb.
    static void oneFile(StringBuilder sb, String mode, List<String> options, JavaCompiler compiler, StandardJavaFileManager fm, Roles roles, String path) throws IOException {
        byte[] bytes = Files.readAllBytes(Path.of(path));
        String text = new String(bytes, StandardCharsets.UTF_8);
        Offsets offsets = new Offsets(text);
        JavaFileObject source = fm.getJavaFileObjects(path).iterator().next();
        List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
        DiagnosticListener<JavaFileObject> listener = d -> {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                errors.add(d);
            }
        };
        sb.append("{\"file\":");
        Json.string(sb, path);
        StringBuilder body = new StringBuilder();
        if (mode.equals("tokens")) {
            tokens(body, text, source, listener, offsets);
        } else {
            JavacTask task = (JavacTask) compiler.getTask(null, fm, listener, options, null, List.of(source));
            Iterable<? extends CompilationUnitTree> units = task.parse();
            if (mode.equals("tree")) {
                SourcePositions pos = Trees.instance(task).getSourcePositions();
                for (CompilationUnitTree cu : units) {
                    body.append(",\"tree\":");
                    new Dumper(body, cu, pos, offsets, roles).scan(cu, null);
                }
            }
        }
        sb.append(",\"ok\":").append(errors.isEmpty());
        sb.append(",\"errors\":[");
        for (int i = 0; i < errors.size(); i++) {
            Diagnostic<? extends JavaFileObject> d = errors.get(i);
            if (i > 0) {
                sb.append(',');
            }
            sb.append("{\"line\":").append(Math.max(d.getLineNumber(), 0)).append(",\"msg\":");
            Json.string(sb, d.getMessage(Locale.ROOT));
            sb.append('}');
        }
        sb.append(']').append(body).append('}');
    }

    // tokens appends the tokens javac's scanner reads of text. The scanner
    // is made as javac's parser makes it, in a context of its own whose log
    // reports to listener.
    static void tokens(StringBuilder sb, String text, JavaFileObject source, DiagnosticListener<JavaFileObject> listener, Offsets offsets) {
        Context ctx = new Context();
        ctx.put(DiagnosticListener.class, listener);
        JavacFileManager.preRegister(ctx);
        Log.instance(ctx).useSource(source);
        Scanner sc = ScannerFactory.instance(ctx).newScanner(text, false);
        StringBuilder kinds = new StringBuilder();
        sb.append(",\"spans\":[");
        for (sc.nextToken(); sc.token().kind != Tokens.TokenKind.EOF; sc.nextToken()) {
            Tokens.Token t = sc.token();
            if (kinds.length() > 0) {
                sb.append(',');
                kinds.append(',');
            }
            sb.append(offsets.at(t.pos)).append(',').append(offsets.at(t.endPos));
            kinds.append('"').append(t.kind.name()).append('"');
        }
        sb.append("],\"kinds\":[").append(kinds).append(']');
    }

    // Offsets turns javac's positions, char offsets into the decoded text,
    // into UTF-8 byte offsets into the file.
    static final class Offsets {
        private final int[] bytes; // bytes[i]: the byte offset of char i

        Offsets(String text) {
            bytes = new int[text.length() + 1];
            int b = 0;
            for (int i = 0; i < text.length(); i++) {
                bytes[i] = b;
                char c = text.charAt(i);
                if (c < 0x80) {
                    b += 1;
                } else if (c < 0x800) {
                    b += 2;
                } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    bytes[i + 1] = b; // never a position of its own
                    b += 4;
                    i++;
                } else {
                    b += 3;
                }
            }
            bytes[text.length()] = b;
        }

        // at returns the byte offset of char offset pos, or -1 for javac's
        // "no position".
        int at(long pos) {
            if (pos < 0 || pos >= bytes.length) {
                return -1;
            }
            return bytes[(int) pos];
        }
    }

    // Roles knows, for each class of javac's tree nodes, the getters of
    // com.sun.source.tree that return its children and its attributes.
    static final class Roles {
        private final Map<Class<?>, List<Method>> byClass = new HashMap<>();

        // skipped getters: the kind, which every node has already, and
        // what is no part of the tree.
        private static final List<String> SKIP = List.of("getKind", "getLineMap", "getSourceFile");
        // a compilation unit's getters whose nodes its package's getters
        // return as well
        private static final List<String> SKIP_UNIT = List.of("getPackageName", "getPackageAnnotations");

        List<Method> of(Class<?> c) {
            return byClass.computeIfAbsent(c, k -> {
                Map<String, Method> ms = new HashMap<>();
                collect(k, ms);
                List<Method> list = new ArrayList<>(ms.values());
                // sorted by name, so that of two getters that return one
                // node the first in that order names it, run after run
                list.sort(Comparator.comparing(Method::getName));
                return list;
            });
        }

        private static void collect(Class<?> c, Map<String, Method> ms) {
            for (Class<?> i : c.getInterfaces()) {
                if (i.getPackageName().equals("com.sun.source.tree")) {
                    for (Method m : i.getMethods()) {
                        if (m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers())
                                && (m.getName().startsWith("get") || m.getName().startsWith("is"))
                                && !SKIP.contains(m.getName()) && !m.isAnnotationPresent(Deprecated.class)
                                && !(i == CompilationUnitTree.class && SKIP_UNIT.contains(m.getName()))) {
                            ms.putIfAbsent(m.getName(), m);
                        }
                    }
                }
                collect(i, ms);
            }
            if (c.getSuperclass() != null) {
                collect(c.getSuperclass(), ms);
            }
        }

        // name is a getter's name as a role or an attribute: getThenStatement
        // is thenStatement.
        static String name(Method m) {
            String n = m.getName();
            n = n.startsWith("get") ? n.substring(3) : n.substring(2);
            return Character.toLowerCase(n.charAt(0)) + n.substring(1);
        }
    }

    // Dumper writes a tree as JSON, in the order TreeScanner visits its
    // children: each child once, as javac's own scanners see it.
    static final class Dumper extends TreeScanner<Void, Void> {
        private final StringBuilder sb;
        private final CompilationUnitTree cu;
        private final SourcePositions pos;
        private final Offsets offsets;
        private final Roles roles;
        // the roles of the children of the node being written
        private Map<Tree, String> childRoles = new IdentityHashMap<>();
        private boolean firstChild = true;

        Dumper(StringBuilder sb, CompilationUnitTree cu, SourcePositions pos, Offsets offsets, Roles roles) {
            this.sb = sb;
            this.cu = cu;
            this.pos = pos;
            this.offsets = offsets;
            this.roles = roles;
        }

        @Override
        public Void scan(Tree tree, Void p) {
            if (tree == null) {
                return null;
            }
            if (!firstChild) {
                sb.append(',');
            }
            sb.append("{\"k\":\"").append(tree.getKind().name()).append('"');
            sb.append(",\"s\":").append(offsets.at(pos.getStartPosition(cu, tree)));
            sb.append(",\"e\":").append(offsets.at(pos.getEndPosition(cu, tree)));
            String role = childRoles.get(tree);
            if (role != null) {
                sb.append(",\"r\":\"").append(role).append('"');
            }
            Map<Tree, String> mine = new IdentityHashMap<>();
            attributes(tree, mine);
            sb.append(",\"c\":[");
            Map<Tree, String> savedRoles = childRoles;
            childRoles = mine;
            firstChild = true;
            tree.accept(this, p);
            childRoles = savedRoles;
            firstChild = false;
            sb.append("]}");
            return null;
        }

        // attributes writes the attributes of tree ("a") and puts the
        // roles of its children in kids.
        private void attributes(Tree tree, Map<Tree, String> kids) {
            boolean any = false;
            for (Method m : roles.of(tree.getClass())) {
                Object v;
                try {
                    v = m.invoke(tree);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    continue; // a getter this node does not support
                }
                if (v == null) {
                    continue;
                }
                String name = Roles.name(m);
                if (v instanceof Tree) {
                    kids.putIfAbsent((Tree) v, name);
                    continue;
                }
                if (v instanceof Collection) {
                    List<String> flags = new ArrayList<>();
                    for (Object x : (Collection<?>) v) {
                        if (x instanceof Tree) {
                            kids.putIfAbsent((Tree) x, name);
                        } else if (x != null) {
                            flags.add(x.toString());
                        }
                    }
                    if (flags.isEmpty()) {
                        continue;
                    }
                    flags.sort(null); // a set's order is no order
                    any = open(any);
                    Json.string(sb, name);
                    sb.append(":[");
                    for (int i = 0; i < flags.size(); i++) {
                        if (i > 0) {
                            sb.append(',');
                        }
                        Json.string(sb, flags.get(i));
                    }
                    sb.append(']');
                    continue;
                }
                if (v instanceof Tree.Kind || !(v instanceof CharSequence || v instanceof Enum || v instanceof Boolean || tree instanceof LiteralTree)) {
                    continue; // positions, elements, doc comments: no syntax
                }
                if (v instanceof Boolean && !(Boolean) v) {
                    continue; // false is what a missing attribute says
                }
                any = open(any);
                Json.string(sb, name);
                sb.append(':');
                if (v instanceof Boolean) {
                    sb.append("true");
                } else {
                    Json.string(sb, v.toString());
                }
            }
            if (any) {
                sb.append('}');
            }
        }

        // open starts the attributes' object, or the next attribute in it.
        private boolean open(boolean any) {
            sb.append(any ? "," : ",\"a\":{");
            return true;
        }
    }

    static final class Json {
        static void string(StringBuilder sb, String s) {
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> {
                        if (c < 0x20 || Character.isSurrogate(c) || c == 0x2028 || c == 0x2029) {
                            // a lone surrogate is no valid UTF-8: escaped,
                            // as a pair of escapes when it is a pair
                            sb.append(String.format("\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                    }
                }
            }
            sb.append('"');
        }
    }
}
