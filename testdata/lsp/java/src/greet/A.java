package greet;

public class A {
	/** greet says hello. */
	public static String greet(String name) {
		return name;
	}
}
