(program
  (string "\"use strict\"")
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "fs")
      "="
      (call_expression
        (identifier "require")
        (arguments
          "("
          (string "\"fs\"")
          ")"
        )
      )
    )
  )
  (import_statement
    "import"
    (import_clause
      (identifier "def")
      ","
      (named_imports
        "{"
        (import_specifier
          (identifier "named")
          "as"
          (identifier "alias")
        )
        "}"
      )
    )
    "from"
    (string "\"./mod.js\"")
  )
  (export_statement
    "export"
    (export_clause
      "{"
      (identifier "def")
      "}"
    )
  )
  (export_statement
    "export"
    "default"
    (function_declaration
      "function"
      (formal_parameters
        "("
        ")"
      )
      (statement_block
        "{"
        "}"
      )
    )
  )
  (export_statement
    "export"
    (namespace_export
      "*"
      "as"
      (identifier "ns")
    )
    "from"
    (string "\"./other.js\"")
  )
  (lexical_declaration
    "let"
    (variable_declarator
      (identifier "a")
      "="
      (binary_expression
        (binary_expression
          (identifier "b")
          "/"
          (identifier "c")
        )
        "/"
        (identifier "d")
      )
    )
  )
  (lexical_declaration
    "let"
    (variable_declarator
      (identifier "re")
      "="
      (regex "/ab+c/gi")
    )
    ","
    (variable_declarator
      (identifier "re2")
      "="
      (regex "/[/]/")
    )
    ","
    (variable_declarator
      (identifier "re3")
      "="
      (regex "/\\/(?:x)/u")
    )
  )
  (if_statement
    "if"
    (parenthesized_expression
      "("
      (identifier "x")
      ")"
    )
    (call_expression
      (member_expression
        (regex "/re/")
        "."
        (property_identifier "test")
      )
      (arguments
        "("
        (identifier "s")
        ")"
      )
    )
  )
  (function_declaration
    "function"
    (identifier "r")
    (formal_parameters
      "("
      ")"
    )
    (statement_block
      "{"
      (return_statement
        "return"
        (regex "/x/")
      )
      "}"
    )
  )
  (statement_block
    "{"
    "}"
  )
  (call_expression
    (member_expression
      (regex "/re/")
      "."
      (property_identifier "exec")
    )
    (arguments
      "("
      (identifier "s")
      ")"
    )
  )
  (assignment_expression
    (identifier "y")
    "="
    (binary_expression
      (update_expression
        (identifier "a")
        "++"
      )
      "/"
      (number "2")
    )
  )
  (labeled_statement
    (statement_identifier "label")
    ":"
    (for_statement
      "for"
      "("
      (variable_declaration
        "var"
        (variable_declarator
          (identifier "i")
          "="
          (number "0")
        )
      )
      ";"
      (binary_expression
        (identifier "i")
        "<"
        (number "10")
      )
      ";"
      (update_expression
        (identifier "i")
        "++"
      )
      ")"
      (statement_block
        "{"
        (continue_statement
          "continue"
          (statement_identifier "label")
        )
        "}"
      )
    )
  )
  (function_declaration
    "function"
    (identifier "asi")
    (formal_parameters
      "("
      ")"
    )
    (statement_block
      "{"
      (return_statement
        "return"
      )
      (identifier "x")
      "}"
    )
  )
  (identifier "x")
  (update_expression
    "++"
    (identifier "y")
  )
  (lexical_declaration
    "let"
    (variable_declarator
      (identifier "z")
      "="
      (call_expression
        (identifier "q")
        (arguments
          "("
          (number "1")
          ")"
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "arrow")
      "="
      (arrow_function
        "async"
        (formal_parameters
          "("
          (identifier "p")
          ","
          (object_pattern
            "{"
            (assignment_pattern
              (identifier "q")
              "="
              (number "1")
            )
            ","
            (rest_pattern
              "..."
              (identifier "r")
            )
            "}"
          )
          ","
          (assignment_pattern
            (array_pattern
              "["
              (identifier "s")
              ","
              ","
              (identifier "t")
              "]"
            )
            "="
            (array
              "["
              "]"
            )
          )
          ")"
        )
        "=>"
        (statement_block
          "{"
          (await_expression
            "await"
            (identifier "p")
          )
          "}"
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "expr")
      "="
      (arrow_function
        (identifier "x")
        "=>"
        (binary_expression
          (identifier "x")
          "*"
          (number "2")
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "obj")
      "="
      (object
        "{"
        (identifier "a")
        ","
        (pair
          (property_identifier "b")
          ":"
          (number "1")
        )
        ","
        (pair
          (computed_property_name
            "["
            (identifier "c")
            "]"
          )
          ":"
          (number "2")
        )
        ","
        (method_definition
          "get"
          (property_identifier "d")
          (formal_parameters
            "("
            ")"
          )
          (statement_block
            "{"
            (return_statement
              "return"
              (number "1")
            )
            "}"
          )
        )
        ","
        (method_definition
          "set"
          (property_identifier "d")
          (formal_parameters
            "("
            (identifier "v")
            ")"
          )
          (statement_block
            "{"
            "}"
          )
        )
        ","
        (method_definition
          "async"
          (property_identifier "e")
          (formal_parameters
            "("
            ")"
          )
          (statement_block
            "{"
            "}"
          )
        )
        ","
        (method_definition
          "*"
          (property_identifier "f")
          (formal_parameters
            "("
            ")"
          )
          (statement_block
            "{"
            "}"
          )
        )
        ","
        (spread_element
          "..."
          (identifier "g")
        )
        ","
        (pair
          (property_identifier "if")
          ":"
          (number "1")
        )
        ","
        (pair
          (property_identifier "class")
          ":"
          (number "2")
        )
        "}"
      )
    )
  )
  (class_declaration
    "class"
    (identifier "K")
    (extends_clause
      "extends"
      (parenthesized_expression
        "("
        (call_expression
          (identifier "mixin")
          (arguments
            "("
            (identifier "Base")
            ")"
          )
        )
        ")"
      )
    )
    (class_body
      "{"
      (field_definition
        (private_property_identifier "#p")
        "="
        (number "1")
      )
      (field_definition
        "static"
        (property_identifier "s")
        "="
        (number "2")
      )
      (class_static_block
        "static"
        (statement_block
          "{"
          (update_expression
            (member_expression
              (identifier "K")
              "."
              (property_identifier "s")
            )
            "++"
          )
          "}"
        )
      )
      (method_definition
        "get"
        (property_identifier "p")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          (return_statement
            "return"
            (member_expression
              (this "this")
              "."
              (private_property_identifier "#p")
            )
          )
          "}"
        )
      )
      (method_definition
        "static"
        "async"
        "*"
        (property_identifier "gen")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          (yield_expression
            "yield"
            "*"
            (array
              "["
              (number "1")
              ","
              (number "2")
              "]"
            )
          )
          "}"
        )
      )
      (method_definition
        (property_identifier "m")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          (return_statement
            "return"
            (binary_expression
              (binary_expression
                (private_property_identifier "#p")
                "in"
                (this "this")
              )
              "&&"
              (meta_property
                "new"
                "."
                (property_identifier "target")
              )
            )
          )
          "}"
        )
      )
      "}"
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "t")
      "="
      (call_expression
        (identifier "tag")
        (template_string
          "`"
          (string_fragment "a")
          (template_substitution
            "${"
            (identifier "b")
            "}"
          )
          (string_fragment "c")
          (template_substitution
            "${"
            (template_string
              "`"
              (string_fragment "d")
              (template_substitution
                "${"
                (identifier "e")
                "}"
              )
              (string_fragment "f")
              "`"
            )
            "}"
          )
          (string_fragment "g")
          "`"
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "n")
      "="
      (binary_expression
        (binary_expression
          (binary_expression
            (binary_expression
              (binary_expression
                (binary_expression
                  (number "1_000_000n")
                  "+"
                  (number "0xFF")
                )
                "+"
                (number "0o7")
              )
              "+"
              (number "0b1")
            )
            "+"
            (number "1e10")
          )
          "+"
          (number ".5")
        )
        "+"
        (number "5.")
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (binary_expression
      (call_expression
        (subscript_expression
          (member_expression
            (identifier "a")
            "?."
            (property_identifier "b")
          )
          "?."
          "["
          (identifier "c")
          "]"
        )
        "?."
        (arguments
          "("
          (identifier "d")
          ")"
        )
      )
      "??"
      (identifier "e")
    )
  )
  (augmented_assignment_expression
    (identifier "x")
    "||="
    (number "1")
  )
  (augmented_assignment_expression
    (identifier "x")
    "&&="
    (number "2")
  )
  (augmented_assignment_expression
    (identifier "x")
    "??="
    (number "3")
  )
  (augmented_assignment_expression
    (identifier "x")
    "**="
    (number "2")
  )
  (assignment_expression
    (identifier "x")
    "="
    (binary_expression
      (number "2")
      "**"
      (unary_expression
        "-"
        (number "1")
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "jsx")
      "="
      (jsx_element
        (jsx_opening_element
          "<"
          (identifier "div")
          (jsx_attribute
            (property_identifier "className")
            "="
            (string "\"x\"")
          )
          ">"
        )
        (jsx_expression
          "{"
          (call_expression
            (member_expression
              (identifier "list")
              "."
              (property_identifier "map")
            )
            (arguments
              "("
              (arrow_function
                (identifier "i")
                "=>"
                (jsx_self_closing_element
                  "<"
                  (identifier "Item")
                  (jsx_attribute
                    (property_identifier "key")
                    "="
                    (jsx_expression
                      "{"
                      (identifier "i")
                      "}"
                    )
                  )
                  (jsx_expression
                    "{"
                    (spread_element
                      "..."
                      (identifier "i")
                    )
                    "}"
                  )
                  "/"
                  ">"
                )
              )
              ")"
            )
          )
          "}"
        )
        (jsx_closing_element
          "<"
          "/"
          (identifier "div")
          ">"
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "frag")
      "="
      (jsx_element
        (jsx_opening_element
          "<"
          ">"
        )
        (jsx_text "text")
        (jsx_closing_element
          "<"
          "/"
          ">"
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "$")
      "="
      (identifier "jQuery")
    )
    ","
    (variable_declarator
      (identifier "$el")
      "="
      (call_expression
        (identifier "$")
        (arguments
          "("
          (string "\"#id\"")
          ")"
        )
      )
    )
    ","
    (variable_declarator
      (identifier "$1")
      "="
      (number "1")
    )
    ","
    (variable_declarator
      (identifier "$$x")
      "="
      (number "2")
    )
  )
  (call_expression
    (member_expression
      (identifier "$el")
      "."
      (property_identifier "on")
    )
    (arguments
      "("
      (string "\"click\"")
      ","
      (identifier "handler")
      ")"
    )
  )
  (call_expression
    (member_expression
      (call_expression
        (identifier "$")
        (arguments
          "("
          (identifier "$x")
          ")"
        )
      )
      "."
      (property_identifier "hide")
    )
    (arguments
      "("
      ")"
    )
  )
  (labeled_statement
    (statement_identifier "label2")
    ":"
    (statement_block
      "{"
      (break_statement
        "break"
        (statement_identifier "label2")
      )
      "}"
    )
  )
  (variable_declaration
    "var"
    (variable_declarator
      (identifier "let_")
      "="
      (object
        "{"
        (pair
          (property_identifier "let")
          ":"
          (number "1")
        )
        ","
        (pair
          (property_identifier "static")
          ":"
          (number "2")
        )
        ","
        (pair
          (property_identifier "get")
          ":"
          (number "3")
        )
        ","
        (pair
          (property_identifier "set")
          ":"
          (number "4")
        )
        ","
        (pair
          (property_identifier "of")
          ":"
          (number "5")
        )
        ","
        (pair
          (property_identifier "async")
          ":"
          (number "6")
        )
        ","
        (pair
          (property_identifier "await")
          ":"
          (number "7")
        )
        ","
        (pair
          (property_identifier "yield")
          ":"
          (number "8")
        )
        "}"
      )
    )
  )
  (variable_declaration
    "var"
    (variable_declarator
      (identifier "async")
      "="
      (number "1")
    )
    ","
    (variable_declarator
      (identifier "of")
      "="
      (number "2")
    )
    ","
    (variable_declarator
      (identifier "get")
      "="
      (number "3")
    )
    ","
    (variable_declarator
      (identifier "set")
      "="
      (number "4")
    )
    ","
    (variable_declarator
      (identifier "let2")
      "="
      (binary_expression
        (identifier "async")
        "+"
        (identifier "of")
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (function_expression
      "function"
      "*"
      (formal_parameters
        "("
        ")"
      )
      (statement_block
        "{"
        (lexical_declaration
          "const"
          (variable_declarator
            (identifier "v")
            "="
            (yield_expression
              "yield"
            )
          )
        )
        "}"
      )
    )
  )
  (sequence_expression
    (assignment_expression
      (identifier "x")
      "="
      (arrow_function
        (formal_parameters
          "("
          (identifier "a")
          ","
          (identifier "b")
          ")"
        )
        "=>"
        (identifier "a")
      )
    )
    ","
    (parenthesized_expression
      "("
      (identifier "c")
      ")"
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (member_expression
      (meta_property
        (import "import")
        "."
        (property_identifier "meta")
      )
      "."
      (property_identifier "url")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (await_expression
      "await"
      (call_expression
        (import "import")
        (arguments
          "("
          (string "\"./dyn.js\"")
          ")"
        )
      )
    )
  )
  (for_in_statement
    "for"
    "await"
    "("
    "const"
    (identifier "chunk")
    "of"
    (identifier "stream")
    ")"
    (statement_block
      "{"
      "}"
    )
  )
)
