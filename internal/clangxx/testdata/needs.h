// std::string without <string>: fine after it, not alone
inline std::string greet() { return "hi"; }
