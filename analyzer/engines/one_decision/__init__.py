"""engines/one_decision"""
