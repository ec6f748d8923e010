package greet;

/** A Greeter greets by name. */
public class B {
	String name;

	/** hello greets the greeter twice. */
	String hello() { return A.greet(name) + A.greet("again"); }

	/** pi greets after some non-ASCII text. */
	static String pi() { String greeting = "π𝄞é"; return greeting + A.greet("ü") + A.greet("!"); }
}
