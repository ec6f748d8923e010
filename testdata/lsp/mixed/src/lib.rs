/// The Rust half of the workspace: rust-analyzer cannot run here.
pub fn shape_perimeter(w: f64, h: f64) -> f64 {
    2.0 * (w + h)
}
