"""The referee's answers to players' questions: rule search, and worked examples of rules."""
