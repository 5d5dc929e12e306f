"""The stud engine: games with no dealer hand, whose player's final hand is paid by a table, with
decisions on several streets as community cards are turned (Mississippi Stud, Let It Ride)."""
