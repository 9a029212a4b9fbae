import TraineeAPI

// NB: values per 100 g from USDA FoodData Central (SR Legacy), a public-domain table, rounded to
// 0.1. The barcodes are made up for the demo: EAN-13 codes with valid check digits in the
// 200-299 "restricted circulation" prefix, which is never given to a real product.

extension FoodCatalog {
  /// The foods the server ships.
  package static let shippedFoods: [FoodDto] = [
    food("f_oats", "Oats, rolled, dry", 379, 13.2, 67.7, 6.5, barcode: "2000000000015"),
    food("f_chicken_breast", "Chicken breast, skinless, raw", 120, 22.5, 0, 2.6),
    food("f_chicken_breast_roasted", "Chicken breast, skinless, roasted", 165, 31.0, 0, 3.6),
    food("f_egg", "Egg, whole, raw", 143, 12.6, 0.7, 9.5),
    food("f_egg_white", "Egg white, raw", 52, 10.9, 0.7, 0.2),
    food(
      "f_rice_white", "Rice, white, long-grain, cooked", 130, 2.7, 28.2, 0.3,
      barcode: "2000000000022"),
    food("f_rice_brown", "Rice, brown, long-grain, cooked", 123, 2.7, 25.6, 1.0),
    food("f_pasta", "Pasta, cooked", 158, 5.8, 30.9, 0.9, barcode: "2000000000039"),
    food(
      "f_bread_wholewheat", "Bread, whole-wheat", 252, 12.4, 42.7, 3.5,
      barcode: "2000000000046"),
    food("f_potato", "Potato, boiled, without skin", 87, 1.9, 20.1, 0.1),
    food("f_sweet_potato", "Sweet potato, baked in skin", 90, 2.0, 20.7, 0.2),
    food("f_banana", "Banana, raw", 89, 1.1, 22.8, 0.3),
    food("f_apple", "Apple, raw, with skin", 52, 0.3, 13.8, 0.2),
    food("f_orange", "Orange, raw", 47, 0.9, 11.8, 0.1),
    food("f_blueberries", "Blueberries, raw", 57, 0.7, 14.5, 0.3),
    food("f_broccoli", "Broccoli, raw", 34, 2.8, 6.6, 0.4),
    food("f_spinach", "Spinach, raw", 23, 2.9, 3.6, 0.4),
    food("f_tomato", "Tomato, red, raw", 18, 0.9, 3.9, 0.2),
    food("f_carrot", "Carrot, raw", 41, 0.9, 9.6, 0.2),
    food("f_salmon", "Salmon, Atlantic, farmed, raw", 208, 20.4, 0, 13.4),
    food(
      "f_tuna_canned", "Tuna, light, canned in water, drained", 116, 25.5, 0, 0.8,
      barcode: "2000000000053"),
    food("f_beef_ground_90", "Beef, ground, 90% lean, raw", 176, 20.0, 0, 10.0),
    food("f_milk_whole", "Milk, whole, 3.25% fat", 61, 3.2, 4.8, 3.3, barcode: "2000000000060"),
    food("f_milk_skim", "Milk, skim", 34, 3.4, 5.0, 0.1, barcode: "2000000000077"),
    food(
      "f_greek_yogurt", "Yogurt, Greek, plain, nonfat", 59, 10.2, 3.6, 0.4,
      barcode: "2000000000084"),
    food(
      "f_cottage_cheese", "Cottage cheese, lowfat, 2% milkfat", 84, 11.0, 4.3, 2.3,
      barcode: "2000000000091"),
    food("f_cheddar", "Cheese, cheddar", 403, 24.9, 1.3, 33.1, barcode: "2000000000107"),
    food("f_almonds", "Almonds", 579, 21.2, 21.6, 49.9, barcode: "2000000000114"),
    food(
      "f_peanut_butter", "Peanut butter, smooth", 588, 25.1, 20.0, 50.4,
      barcode: "2000000000121"),
    food("f_olive_oil", "Olive oil", 884, 0, 0, 100, barcode: "2000000000138"),
    food("f_avocado", "Avocado, raw", 160, 2.0, 8.5, 14.7),
    food("f_lentils", "Lentils, boiled", 116, 9.0, 20.1, 0.4),
    food("f_chickpeas", "Chickpeas, boiled", 164, 8.9, 27.4, 2.6),
    food("f_tofu", "Tofu, firm, raw", 144, 17.3, 2.8, 8.7, barcode: "2000000000145"),
    food("f_honey", "Honey", 304, 0.3, 82.4, 0),
  ]

  /// Where every figure of the catalog comes from.
  package static let source = "USDA FoodData Central (SR Legacy)"

  private static func food(
    _ id: String, _ name: String, _ kcal: Double, _ protein: Double, _ carbs: Double,
    _ fat: Double, barcode: String? = nil
  ) -> FoodDto {
    FoodDto(
      id: id, name: name, barcode: barcode,
      per100g: MacrosDto(kcal: kcal, protein: protein, carbs: carbs, fat: fat), source: source)
  }
}
