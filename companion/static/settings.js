// The settings page: this screen, saved players, the PIN.
"use strict";
