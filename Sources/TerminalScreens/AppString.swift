// The keys of the app's string tables (`Resources/PerformApp.<code>.json`).
// NB: docs/architecture.md, "Modules": one enum, its keys on one line per topic (the topics in
// the order the tables were written); an enum's cases cannot be spread over files.

/// A text of the app, by its key in the string tables.
public enum AppString: String, CaseIterable, Sendable {
  case decimalSeparator
  // Counted nouns (`{count} set|{count} sets`), for `AppText.count`.
  case countSets, countExercises, countWorkouts
  case kcalOver
  case tabToday, tabWorkouts, tabLive, tabNutrition, tabSettings
  case shellHint
  case helpKeys, helpEverywhere, helpClose, helpNextTab, helpGoToTab, helpThis, helpQuit,
    helpSuspend
  case todayTitle, todayWorkout, todayNextWorkout, todayNoNextWorkout, todayInProgress,
    todaySending, todayWaiting, todayRefused, todayNutrition, todayEaten, todayMacros, todayPlanDay,
    todayNoNutrition, todayHistory, todayLastWorkout, todayNoWorkoutYet, todayWeekCount,
    todayLoading, todayAsOf, todayUnavailable
  case keyStartNext, keyOpenLive, keyRefresh, keyOpenNutrition
  case settingsLanguage, settingsUnits, settingsMetric, settingsImperial, settingsBar,
    settingsPlates, settingsFromEnvironment, settingsChosen, settingsKeptIn, settingsBadWeight,
    settingsBadPlates, settingsNotSaved
  case keyChoose, keyChange, keyFromEnvironment, keySave, keyCancel
  case completeTitle, completeNumber, completeDuration, completeSets, completeExercises,
    completeVolume, completeOf, completeRecords, completeNoRecords, completeRecord, completeGoOn
  case keyGoOn
  case platesPerSide, platesBarOnly, platesNearest, platesBelowBar, platesNoWeight,
    platesNotBarbell
  case warmUps, warmUpsAdded, warmUpsNone, warmUpsNotBarbell
  case keyPlates, keyAddWarmUps
  case apiAnswered, apiAnsweredWith, apiNewToken, apiOffline, apiRefusedToken, apiTimeout
  case keyNo, keyYes
  case liveBest, liveCardNoSet, liveCoach, liveCoachDismiss, liveColumnReps, liveColumnRir,
    liveColumnRpe, liveColumnSet, liveColumnTime, liveColumnType, liveConfirmDiscard,
    liveConfirmFinish, liveConfirmRemoveDoneSet, liveConfirmSetAside, liveConfirmSubstitute,
    liveConfirmSubstituteLost, liveCurrent, liveDoInstead, liveDone, liveFinishAttempt,
    liveFinishKept, liveFinishSending, liveFinishWaiting, liveKeyAddSet, liveKeyCardTap,
    liveKeyCheck, liveKeyChoose, liveKeyComplete, liveKeyDiscard, liveKeyDismissFeedback,
    liveKeyDoThis, liveKeyEdit, liveKeyField, liveKeyFinish, liveKeyRemoveSet, liveKeyRestLess,
    liveKeyRestMore, liveKeySaveNext, liveKeySendAgain, liveKeySendVideo, liveKeySendVideoURL,
    liveKeySet, liveKeySetAside, liveKeySkipRest, liveKeySkipVideo, liveKeySubstitute, liveKeyType,
    liveKeyUndoSubstitute, liveLastSet, liveNoSubstitutes, liveNoSubstitution, liveNoWorkout,
    liveLooksLikeATime, liveNotADuration, liveNotANumber, liveNotAWholeNumber, liveOutOfRange,
    livePickDay, livePrescribed, liveRecord, liveRefusedKept, liveRefusedNotKept, liveRest,
    liveRestAfter, liveRestKeys, liveRestLabel, liveRestOver, liveRetryAt, liveRetryOrKeep,
    liveSetsDone, liveSetsLabel, liveSubstituteFor, liveSuperset, liveTarget, liveTargetWeight,
    liveTargetWeightOnly, liveTempo, liveVideoAsked, liveVideoKeys, liveVideoSent, liveVideoURL,
    liveWarmUpsAfterCheck, liveWarmUpsLabel
  // The trainee's notes for the coach in the live workout.
  case liveKeySetNote, liveKeyWorkoutNote, liveKeyReason, liveKeyKeepNote, liveNoteWorkoutPrompt,
    liveNoteSetPrompt, liveNoteReasonPrompt, liveSetNote, liveWorkoutNote, liveReason,
    liveReasonNeedsSwap
  case nutritionAddTo, nutritionAfterToday, nutritionAmountFood, nutritionAmountOf,
    nutritionAmountOfPlanned, nutritionBarcodeDigits, nutritionBarcodeFailed,
    nutritionBarcodePrompt, nutritionBarcodeWhat, nutritionByHandTitle, nutritionCarbs,
    nutritionCopied, nutritionCopiedSkipped, nutritionCopyComposedHint, nutritionCopyOnlyToday,
    nutritionCountedAbove, nutritionDayFailed, nutritionDaysAgo, nutritionDeleted,
    nutritionDeletedForDay, nutritionEaten, nutritionEatenOutside, nutritionFat,
    nutritionFieldAmount, nutritionFieldCarbs, nutritionFieldFat, nutritionFieldKcalMissing,
    nutritionFieldName, nutritionFieldNameMissing, nutritionFieldNegative, nutritionFieldNotANumber,
    nutritionFieldNotPositive, nutritionFieldOptional, nutritionFieldProtein,
    nutritionFieldRequired, nutritionFieldTooLarge, nutritionFieldTooLong, nutritionFiguresHint,
    nutritionFoodsFound, nutritionFoodsMatching, nutritionFutureDay, nutritionInDays,
    nutritionItemRemoved, nutritionKcalEaten, nutritionKeyAdd, nutritionKeyAddFood,
    nutritionKeyBarcode, nutritionKeyCompose, nutritionKeyDayAsYesterday, nutritionKeyDeleteMeal,
    nutritionKeyDone, nutritionKeyEnterByHand, nutritionKeyFoodByHand, nutritionKeyLogMeal,
    nutritionKeyLogMealToday, nutritionKeyLogTheMeal, nutritionKeyMealAsYesterday, nutritionKeyMove,
    nutritionKeyNextField, nutritionKeyOnToPhoto, nutritionKeyPick, nutritionKeyPlanDay,
    nutritionKeyPortion, nutritionKeyPreviousField, nutritionKeyPreviousNextDay,
    nutritionKeyQuickAdd, nutritionKeyRemoveItem, nutritionKeyReplaceMeal, nutritionKeySwap,
    nutritionKeyTick, nutritionKeyToday, nutritionLetterCarbs, nutritionLetterFat,
    nutritionLetterProtein, nutritionLoadingDay, nutritionLoadingPlans, nutritionLogEnterHint,
    nutritionLogFiguresHint, nutritionLogPhoto, nutritionLogTitle, nutritionLogged,
    nutritionLoggedMeals, nutritionLogsNeedServer, nutritionLookingUp, nutritionMeal,
    nutritionMealBack, nutritionMealDeleted, nutritionMealDeletedForDay, nutritionMealGone,
    nutritionMealReplaced, nutritionNameTheMeal, nutritionNeverLoaded, nutritionNewMealName,
    nutritionNewMealTitle, nutritionNoAmount, nutritionNoBarcodeFood, nutritionNoFoodAmount,
    nutritionNoFoodMatches, nutritionNoMealFoods, nutritionNoMealHere, nutritionNoOtherOption,
    nutritionNoPhotoFile, nutritionNoPlanDay, nutritionNoPlanDayMeals, nutritionNoPlanMeals,
    nutritionNoSuchMealYesterday, nutritionNotAnAmount, nutritionNothingYesterday,
    nutritionOfflineAsOf, nutritionOptions, nutritionOtherFoods, nutritionPer100,
    nutritionPlanAmount, nutritionPlansAsOf, nutritionPlansFailed, nutritionPortionHint,
    nutritionPortionNoFood, nutritionPortionNotANumber, nutritionPortionNotPositive,
    nutritionPortionTooLarge, nutritionProtein, nutritionQuickAdd, nutritionReadOnly,
    nutritionReadOnlyDay, nutritionReadOnlyLine, nutritionReadOnlyLogsToday, nutritionRemoveHint,
    nutritionRemoved, nutritionReplaceHint, nutritionReplaceMealTitle, nutritionReplaced,
    nutritionReplacedCounts, nutritionReplacedUndo, nutritionSaved, nutritionSaving,
    nutritionSearchFailed, nutritionSearchPrompt, nutritionShowing, nutritionShownAsSaved,
    nutritionShownFromDiary, nutritionStateLoading, nutritionStateOffline, nutritionSwapHint,
    nutritionSwapped, nutritionToday, nutritionTriesAgain, nutritionTypeFoodName, nutritionUnits,
    nutritionYesterday, nutritionYourMeals
  case statusNutrition, statusSavingSoon
  case workoutsCannotLoad, workoutsDeleteAsk, workoutsDeleted, workoutsFinishFirst, workoutsHistory,
    workoutsInProgress, workoutsInProgressTag, workoutsKeyDelete, workoutsKeyDeleteLogged,
    workoutsKeyKeep, workoutsKeyMove, workoutsKeyStart, workoutsKeyStartNext, workoutsLoading,
    workoutsLoadingOlder, workoutsNToStart, workoutsNext, workoutsNoneLoaded, workoutsNotDeleted,
    workoutsNothingLogged, workoutsOfflineAsOf, workoutsOfflineNothing, workoutsOlder,
    workoutsOlderFailed, workoutsSavedCopy, workoutsSelectToDelete, workoutsStillSending
  case alertRestTitle, alertRestBody, alertIdleTitle, alertIdleBody, alertUnfinishedTitle,
    alertUnfinishedBody
  // The history and progress views.
  case historyDeleteConfirm, historyDeleted, historyKeyBack, historyKeyDelete, historyKeyExercise,
    historyKeyKeep, historyKeyProgress, historyKeyReload, historyLoading, historyNoRecords,
    historyNotDeleted, historyNotLoaded, historyRIR, historyRecord, historyRecordMark,
    historyRecordsUnknown, historySetDrop, historySetFailure, historySetOther, historySetWarmup,
    historySetWorking, historySummary, historyTitle
  case progressBest, progressBestSetWeight, progressKeyBack, progressKeyChart, progressKeyOpen,
    progressKeyReload, progressLoading, progressNoSets, progressNoWeights, progressNotLoaded,
    progressOnePoint, progressOneRepMax, progressTitle, progressWeeklyVolume
  case signInTab, signInTitle, signInEmail, signInPassword, signInRefused, signInNeedsBoth,
    signInWorking, signInWrong, signInUnreachable, signInNotSignedIn, keySignIn, keyNextField,
    keyQuitApp
  // The settings tab's sign-out and studio switch.
  case settingsSignOut, settingsSwitchStudio, settingsNoStudio, settingsChooseStudio,
    settingsStudioInUse, settingsConfirmSignOut, settingsConfirmSwitch, settingsUnsentHeading,
    settingsUnsentAsk, settingsNotSent, settingsSending, settingsSigningOut, settingsSwitching,
    settingsNotSwitched, settingsSwitched, unsentFinishedWorkout, unsentWorkoutUnderWay,
    countUnsentMealLogs, countUnsentDays, keyChooseStudio, keySwitchTo, keyGoAhead, keyStay,
    keySendFirst, keyDiscard
  // The coach's words: "From your coach" on Today and the review in the workout's history.
  case todayFromCoach, todayCoachReviewed, todayCoachNeedsWork, todayCoachSetComments,
    todayCoachVideo, historyCoachReviewed, historyCoachNeedsWork, historyCoachSetComment
  // The trainee's own words in the workout's history.
  case historyOwnNote, historyOwnSetNote, historySubstitutionReason
}
