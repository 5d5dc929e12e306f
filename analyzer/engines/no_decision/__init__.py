"""The engine of games with no decision: wagers settled by the cards alone, dealt from any number of decks."""
