//! Shapes and their areas.
use std::fmt;

pub const UNIT: f64 = 1.0;

/// A point in the plane.
#[derive(Debug, Clone, Copy)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

pub enum Shape {
    Circle { center: Point, radius: f64 },
    Square(Point, f64),
}

pub trait Area {
    fn area(&self) -> f64;
    fn describe(&self) -> String {
        format!("area {}", self.area())
    }
}

type Registry = Vec<Shape>;

impl Area for Shape {
    fn area(&self) -> f64 {
        match self {
            Shape::Circle { radius, .. } => std::f64::consts::PI * radius * radius,
            Shape::Square(_, side) => side * side,
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

mod geometry {
    pub fn distance(a: super::Point, b: super::Point) -> f64 {
        fn square(v: f64) -> f64 {
            v * v
        }
        (square(a.x - b.x) + square(a.y - b.y)).sqrt()
    }
}

macro_rules! point {
    ($x:expr, $y:expr) => {
        Point { x: $x, y: $y }
    };
}

pub fn total_area(shapes: &Registry) -> f64 {
    shapes.iter().map(|s| s.area()).sum()
}

fn main() {
    let shapes: Registry = vec![Shape::Square(point!(0.0, 0.0), 2.0)];
    println!("{}", total_area(&shapes));
}

unsafe impl<T: Send> Send for Wrapper<T> {}
