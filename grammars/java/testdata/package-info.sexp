(program
(package_declaration
(marker_annotation "@"
(identifier "ParametersAreNonnullByDefault"))
(annotation "@"
(identifier "Generated")
(annotation_argument_list "("
(element_value_pair
(identifier "value") "="
(string_literal "\"none\"")) ","
(element_value_pair
(identifier "date") "="
(string_literal "\"2026\"")) ")")) "package"
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "api")))
(import_declaration "import"
(scoped_identifier
(scoped_identifier
(identifier "javax") "."
(identifier "annotation")) "."
(identifier "ParametersAreNonnullByDefault"))))
