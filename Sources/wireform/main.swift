print("wireform")
