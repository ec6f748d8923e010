/** A package of our own, for the golden tree. */
@ParametersAreNonnullByDefault
@Generated(value = "none", date = "2026")
package org.example.api;

import javax.annotation.ParametersAreNonnullByDefault;
