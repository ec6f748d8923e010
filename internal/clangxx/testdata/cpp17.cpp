// C++20 made u8 literals char8_t: C++17 code that holds one in a char
// pointer is no C++20.
const char *greeting = u8"hello";
