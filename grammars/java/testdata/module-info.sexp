(program
(module_declaration
(modifiers
(marker_annotation "@"
(identifier "Deprecated"))) "open" "module"
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "app"))
(module_body "{"
(requires_module_directive "requires"
(requires_modifier "transitive")
(scoped_identifier
(identifier "java") "."
(identifier "sql")))
(requires_module_directive "requires"
(requires_modifier "static")
(scoped_identifier
(identifier "java") "."
(identifier "desktop")))
(requires_module_directive "requires"
(identifier "transitive"))
(exports_module_directive "exports"
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "api")))
(exports_module_directive "exports"
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "spi")) "to"
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "plugins")) ","
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "tests")))
(opens_module_directive "opens"
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "model")))
(uses_module_directive "uses"
(scoped_identifier
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "spi")) "."
(identifier "Plugin")))
(provides_module_directive "provides"
(scoped_identifier
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "spi")) "."
(identifier "Plugin")) "with"
(scoped_identifier
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "impl")) "."
(identifier "First")) ","
(scoped_identifier
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "impl")) "."
(identifier "Second"))) "}")))
