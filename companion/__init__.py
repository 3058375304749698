"""Zombie Table Companion: scorekeeper and referee for zombie games at a real table."""

__version__ = "0.1.0"
