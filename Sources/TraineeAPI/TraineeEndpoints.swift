// NB: docs/architecture.md, "One endpoint table": the one place a path is written. Each
// endpoint's name is its `operationId` in openapi.yaml, and EndpointTableTests checks the two
// against each other both ways.

/// Every endpoint of the trainee API, declared once: method, path, request body, answer and
/// kept-read policy. The client (`TraineeAPIClient`), the kept reads (``KeptRead``) and the
/// server's routes are built from ``table``.
public struct TraineeEndpoints: Sendable {
  /// The table.
  public static let table = TraineeEndpoints()

  private init() {}

  // MARK: Operations (no token)

  /// `GET /healthz`: the process answers.
  public let health = Endpoint<NoBody, ServerStatusDto>(.get, "/healthz")
  /// `GET /readyz`: the server can serve (its database answers).
  public let readiness = Endpoint<NoBody, ServerStatusDto>(.get, "/readyz")

  // MARK: Workouts

  /// `GET /v1/trainee/workouts`: the programs with last time's values; kept, fresh for 5 minutes.
  public let getWorkouts = Endpoint<NoBody, TrainingProgramsDto>(
    .get, "/v1/trainee/workouts", keptRead: KeptReadPolicy("workouts", staleAfter: 5 * 60))
  /// `POST /v1/trainee/workouts/log`: stores a finished workout.
  public let logWorkout = Endpoint<LogWorkoutPayload, LoggedWorkoutDto>(
    .post, "/v1/trainee/workouts/log")
  /// `GET /v1/trainee/workouts/history`: one page of the logged workouts; the first page is
  /// kept, fresh for 5 minutes.
  public let getWorkoutHistory = Endpoint<NoBody, WorkoutHistoryDto>(
    .get, "/v1/trainee/workouts/history",
    keptRead: KeptReadPolicy("workout-history", staleAfter: 5 * 60))
  /// `GET /v1/trainee/workouts/sets`: one page of the done sets.
  public let getLoggedSets = Endpoint<NoBody, LoggedSetPageDto>(.get, "/v1/trainee/workouts/sets")
  /// `GET /v1/trainee/workouts/history/{id}`: one logged workout with its entries.
  public let getWorkoutLog = Endpoint<NoBody, WorkoutLogDto>(
    .get, "/v1/trainee/workouts/history/{id}")
  /// `DELETE /v1/trainee/workouts/log/{id}`: removes a logged workout.
  public let deleteWorkoutLog = Endpoint<NoBody, NoBody>(.delete, "/v1/trainee/workouts/log/{id}")
  /// `POST /v1/trainee/workouts/substitutions`: saves the exercise chosen for a program row.
  public let saveSubstitution = Endpoint<SubstitutionRequestDto, NoBody>(
    .post, "/v1/trainee/workouts/substitutions")
  /// `POST /v1/trainee/technique-videos`: sends a technique video for the coach to review.
  public let submitTechniqueVideo = Endpoint<TechniqueVideoRequestDto, TechniqueVideoDto>(
    .post, "/v1/trainee/technique-videos")
  /// `POST /v1/trainee/technique-videos/{videoId}/feedback-seen`: the trainee saw the feedback.
  public let markFeedbackSeen = Endpoint<NoBody, NoBody>(
    .post, "/v1/trainee/technique-videos/{videoId}/feedback-seen")
  /// `GET /v1/trainee/notification-configs`: kept, fresh for the spec's 10 minutes.
  public let getNotificationConfigs = Endpoint<NoBody, [NotificationConfigDto]>(
    .get, "/v1/trainee/notification-configs",
    keptRead: KeptReadPolicy("notification-configs", staleAfter: 10 * 60))
  /// `GET /v1/trainee/session`: the trainee the token belongs to.
  public let getSession = Endpoint<NoBody, TraineeSessionDto>(.get, "/v1/trainee/session")

  // MARK: The coach's words, as the trainee reads them

  /// `GET /v1/trainee/coach-words`: the reviews and video feedback not seen yet ("From your
  /// coach").
  public let getCoachWords = Endpoint<NoBody, CoachWordsDto>(.get, "/v1/trainee/coach-words")
  /// `POST /v1/trainee/workouts/history/{id}/review-seen`: the trainee saw the workout's review.
  public let markReviewSeen = Endpoint<NoBody, NoBody>(
    .post, "/v1/trainee/workouts/history/{id}/review-seen")

  // MARK: Nutrition

  /// `GET /v1/trainee/nutrition/plans`: the coach's meal plans; kept, fresh for 30 minutes.
  public let getNutritionPlans = Endpoint<NoBody, NutritionPlansDto>(
    .get, "/v1/trainee/nutrition/plans",
    keptRead: KeptReadPolicy("nutrition-plans", staleAfter: 30 * 60))
  /// `GET /v1/trainee/nutrition/day?date=`: the saved snapshot of a day; kept per date, fresh
  /// for 1 minute.
  public let getNutritionDay = Endpoint<NoBody, NutritionDayDto<JSONValue>>(
    .get, "/v1/trainee/nutrition/day",
    keptRead: KeptReadPolicy("nutrition-day", .perDate, staleAfter: 60))
  /// `PUT /v1/trainee/nutrition/day`: replaces the snapshot of a day.
  public let putNutritionDay = Endpoint<
    NutritionDayRequestDto<JSONValue>, NutritionDayDto<JSONValue>
  >(.put, "/v1/trainee/nutrition/day")
  /// `GET /v1/trainee/nutrition/menu?date=`: the diary of a date; kept per date and plan day,
  /// fresh for 1 minute (the eaten sums change as the trainee logs).
  public let getNutritionMenu = Endpoint<NoBody, NutritionMenuDto>(
    .get, "/v1/trainee/nutrition/menu",
    keptRead: KeptReadPolicy("nutrition-menu", .perDateAndPlanDay, staleAfter: 60))
  /// `POST /v1/trainee/nutrition/logs`: logs a meal.
  public let logMeal = Endpoint<MealLogRequestDto, LoggedMealDto>(
    .post, "/v1/trainee/nutrition/logs")
  /// `GET /v1/trainee/home`: today, the next workout and today's nutrition; one copy kept
  /// whatever the hint, fresh for 1 minute.
  public let getHome = Endpoint<NoBody, HomeDto>(
    .get, "/v1/trainee/home", keptRead: KeptReadPolicy("home", staleAfter: 60))

  // MARK: Foods

  /// `GET /v1/foods/search?q=`: catalog foods by name.
  public let searchFoods = Endpoint<NoBody, FoodSearchDto>(.get, "/v1/foods/search")
  /// `GET /v1/foods/barcode/{code}`: the catalog food with a barcode.
  public let foodByBarcode = Endpoint<NoBody, FoodDto>(.get, "/v1/foods/barcode/{code}")

  // MARK: Accounts (no token: the body is read before the token)

  /// `POST /v1/auth/sign-in`: a session for a device, by email and password.
  public let signIn = Endpoint<SignInRequestDto, SignedInDto>(.post, "/v1/auth/sign-in")
  /// `POST /v1/auth/refresh`: a new pair of tokens for a refresh token, which is then spent.
  public let refreshSession = Endpoint<RefreshRequestDto, SessionTokensDto>(
    .post, "/v1/auth/refresh")
  /// `POST /v1/auth/invites/accept`: a new trainee account by an invite's code, signed in.
  public let acceptInvite = Endpoint<AcceptInviteRequestDto, SignedInDto>(
    .post, "/v1/auth/invites/accept")

  // MARK: Accounts (any signed-in account)

  /// `POST /v1/auth/sign-out`: ends the request's session.
  public let signOut = Endpoint<NoBody, NoBody>(.post, "/v1/auth/sign-out")
  /// `GET /v1/account`: the account of the request's session.
  public let getAccount = Endpoint<NoBody, AccountDto>(.get, "/v1/account")
  /// `GET /v1/account/sessions`: the account's signed-in devices.
  public let listSessions = Endpoint<NoBody, DeviceSessionsDto>(.get, "/v1/account/sessions")
  /// `DELETE /v1/account/sessions/{sessionId}`: ends one of the account's sessions.
  public let endSession = Endpoint<NoBody, NoBody>(.delete, "/v1/account/sessions/{sessionId}")
  /// `DELETE /v1/account/sessions`: ends every session of the account, the request's too.
  public let endAllSessions = Endpoint<NoBody, NoBody>(.delete, "/v1/account/sessions")
  /// `PUT /v1/account/password`: changes the password; every other session ends.
  public let changePassword = Endpoint<ChangePasswordRequestDto, NoBody>(
    .put, "/v1/account/password")
  /// `POST /v1/account/studios`: a signed-in trainee joins the studio of an invite.
  public let joinStudio = Endpoint<JoinStudioRequestDto, StudioMembershipDto>(
    .post, "/v1/account/studios")
  /// `DELETE /v1/account/studios/{studioId}`: ends the account's link to a studio.
  public let leaveStudio = Endpoint<NoBody, NoBody>(.delete, "/v1/account/studios/{studioId}")
  /// `PUT /v1/account/studio`: the studio the request's session uses (a live link's).
  public let switchStudio = Endpoint<SwitchStudioRequestDto, AccountDto>(
    .put, "/v1/account/studio")
  /// `PUT /v1/account/studios/{studioId}/sharing`: a trainee shares (or stops sharing) their
  /// earlier records with a studio they belong to.
  public let setStudioSharing = Endpoint<StudioSharingRequestDto, StudioMembershipDto>(
    .put, "/v1/account/studios/{studioId}/sharing")
  /// `GET /v1/account/export`: everything stored about the account, as one JSON document.
  public let exportAccount = Endpoint<NoBody, JSONValue>(.get, "/v1/account/export")
  /// `POST /v1/account/deletion`: deletes the account and everything of it (password again).
  public let deleteAccount = Endpoint<DeleteAccountRequestDto, NoBody>(
    .post, "/v1/account/deletion")

  // MARK: Coach (their own studio)

  /// `POST /v1/coach/invites`: an invite to the coach's studio; its code is shown once.
  public let createInvite = Endpoint<CreateInviteRequestDto, NewInviteDto>(
    .post, "/v1/coach/invites")
  /// `GET /v1/coach/invites`: the coach's studio's invites.
  public let listInvites = Endpoint<NoBody, InvitesDto>(.get, "/v1/coach/invites")
  /// `DELETE /v1/coach/invites/{inviteId}`: revokes an unused invite of the coach's studio.
  public let revokeInvite = Endpoint<NoBody, NoBody>(.delete, "/v1/coach/invites/{inviteId}")
  /// `GET /v1/coach/trainees?sort=&limit=&offset=&quietDays=`: the coach's studio's trainees
  /// with what they did against what was prescribed, sorted and paged.
  public let coachRoster = Endpoint<NoBody, CoachRosterDto>(.get, "/v1/coach/trainees")

  /// `GET /v1/coach/trainees/{traineeId}/workouts`: a page of a trainee's workout history as
  /// the coach's studio may see it.
  public let getTraineeWorkoutsForCoach = Endpoint<NoBody, WorkoutHistoryDto>(
    .get, "/v1/coach/trainees/{traineeId}/workouts")
  /// `GET /v1/coach/trainees/{traineeId}/workouts/{workoutId}`: one of a trainee's logged
  /// workouts with its entries, if the coach's studio may see it.
  public let getTraineeWorkoutForCoach = Endpoint<NoBody, WorkoutLogDto>(
    .get, "/v1/coach/trainees/{traineeId}/workouts/{workoutId}")
  /// `GET /v1/coach/trainees/{traineeId}/nutrition/days?from=&to=`: a trainee's nutrition days
  /// in a range of at most 31 days, as the coach's studio may see them.
  public let getTraineeNutritionDaysForCoach = Endpoint<NoBody, NutritionDaysDto>(
    .get, "/v1/coach/trainees/{traineeId}/nutrition/days")
  /// `GET /v1/coach/trainees/{traineeId}/technique-videos`: a page of a trainee's technique
  /// videos as the coach's studio may see them.
  public let getTraineeTechniqueVideosForCoach = Endpoint<NoBody, TechniqueVideosDto>(
    .get, "/v1/coach/trainees/{traineeId}/technique-videos")
  /// `GET /v1/coach/trainees/{traineeId}/records`: each exercise's records over the logs the
  /// coach's studio may see.
  public let getTraineeRecordsForCoach = Endpoint<NoBody, TraineeRecordsDto>(
    .get, "/v1/coach/trainees/{traineeId}/records")
  /// `GET /v1/coach/trainees/{traineeId}/progress?exercise=&from=&to=`: one
  /// exercise's best set per workout and weekly volume within a window of at most 366 days.
  public let getTraineeProgressForCoach = Endpoint<NoBody, TraineeProgressDto>(
    .get, "/v1/coach/trainees/{traineeId}/progress")

  // MARK: Coach: the exercise library and programs (their own studio)

  /// `GET /v1/coach/exercises?after=&limit=&archived=`: a page of the studio's library.
  public let listLibraryExercises = Endpoint<NoBody, LibraryExercisesDto>(
    .get, "/v1/coach/exercises")
  /// `POST /v1/coach/exercises`: adds an exercise to the studio's library.
  public let createLibraryExercise = Endpoint<LibraryExerciseRequestDto, LibraryExerciseDto>(
    .post, "/v1/coach/exercises")
  /// `PUT /v1/coach/exercises/{exerciseId}`: replaces what a library exercise says.
  public let updateLibraryExercise = Endpoint<LibraryExerciseRequestDto, LibraryExerciseDto>(
    .put, "/v1/coach/exercises/{exerciseId}")
  /// `POST /v1/coach/exercises/{exerciseId}/archive`: archives a library exercise.
  public let archiveLibraryExercise = Endpoint<NoBody, NoBody>(
    .post, "/v1/coach/exercises/{exerciseId}/archive")
  /// `GET /v1/coach/programs?after=&limit=&archived=`: a page of the studio's programs.
  public let listCoachPrograms = Endpoint<NoBody, CoachProgramsDto>(.get, "/v1/coach/programs")
  /// `POST /v1/coach/programs`: a new program of the studio, at version 1.
  public let createCoachProgram = Endpoint<CoachProgramDocumentDto, CoachProgramDto>(
    .post, "/v1/coach/programs")
  /// `GET /v1/coach/programs/{programId}?version=`: a program at a version (the newest by
  /// default).
  public let getCoachProgram = Endpoint<NoBody, CoachProgramDto>(
    .get, "/v1/coach/programs/{programId}")
  /// `PUT /v1/coach/programs/{programId}`: a new version of a program.
  public let editCoachProgram = Endpoint<CoachProgramDocumentDto, CoachProgramDto>(
    .put, "/v1/coach/programs/{programId}")
  /// `POST /v1/coach/programs/{programId}/copy`: a new program from a program's newest version.
  public let copyCoachProgram = Endpoint<CopyProgramRequestDto, CoachProgramDto>(
    .post, "/v1/coach/programs/{programId}/copy")
  /// `POST /v1/coach/programs/{programId}/archive`: archives a program.
  public let archiveCoachProgram = Endpoint<NoBody, NoBody>(
    .post, "/v1/coach/programs/{programId}/archive")
  /// `POST /v1/coach/programs/{programId}/assignments`: assigns a program to trainees of the
  /// studio, linked or as their own copy, with a schedule.
  public let assignCoachProgram = Endpoint<AssignProgramRequestDto, ProgramAssignmentsDto>(
    .post, "/v1/coach/programs/{programId}/assignments")
  /// `DELETE /v1/coach/programs/{programId}/assignments/{traineeId}`: ends a program's
  /// assignment to a trainee of the studio.
  public let endCoachProgramAssignment = Endpoint<NoBody, NoBody>(
    .delete, "/v1/coach/programs/{programId}/assignments/{traineeId}")
  /// `GET /v1/coach/trainees/{traineeId}/nutrition-tolerance`: how near a day must come to its
  /// targets to count as on goal for the coach's studio.
  public let getNutritionTolerance = Endpoint<NoBody, NutritionToleranceDto>(
    .get, "/v1/coach/trainees/{traineeId}/nutrition-tolerance")
  /// `PUT /v1/coach/trainees/{traineeId}/nutrition-tolerance`: sets the studio's tolerance.
  public let setNutritionTolerance = Endpoint<NutritionToleranceDto, NutritionToleranceDto>(
    .put, "/v1/coach/trainees/{traineeId}/nutrition-tolerance")

  // MARK: Coach (meal plans)

  /// `GET /v1/coach/meal-plans?after=&limit=&archived=`: a page of the studio's meal plans.
  public let listCoachMealPlans = Endpoint<NoBody, CoachMealPlansDto>(
    .get, "/v1/coach/meal-plans")
  /// `POST /v1/coach/meal-plans`: a new meal plan of the studio, at version 1.
  public let createCoachMealPlan = Endpoint<CoachMealPlanDocumentDto, CoachMealPlanDto>(
    .post, "/v1/coach/meal-plans")
  /// `GET /v1/coach/meal-plans/{mealPlanId}?version=`: a meal plan at a version (the newest by
  /// default).
  public let getCoachMealPlan = Endpoint<NoBody, CoachMealPlanDto>(
    .get, "/v1/coach/meal-plans/{mealPlanId}")
  /// `PUT /v1/coach/meal-plans/{mealPlanId}`: a new version of a meal plan.
  public let editCoachMealPlan = Endpoint<CoachMealPlanDocumentDto, CoachMealPlanDto>(
    .put, "/v1/coach/meal-plans/{mealPlanId}")
  /// `POST /v1/coach/meal-plans/{mealPlanId}/copy`: a new meal plan from one's newest version.
  public let copyCoachMealPlan = Endpoint<CopyProgramRequestDto, CoachMealPlanDto>(
    .post, "/v1/coach/meal-plans/{mealPlanId}/copy")
  /// `POST /v1/coach/meal-plans/{mealPlanId}/archive`: archives a meal plan.
  public let archiveCoachMealPlan = Endpoint<NoBody, NoBody>(
    .post, "/v1/coach/meal-plans/{mealPlanId}/archive")
  /// `POST /v1/coach/meal-plans/{mealPlanId}/assignments`: assigns a meal plan to trainees of
  /// the studio, linked or as their own copy.
  public let assignCoachMealPlan = Endpoint<AssignMealPlanRequestDto, MealPlanAssignmentsDto>(
    .post, "/v1/coach/meal-plans/{mealPlanId}/assignments")

  /// `GET /v1/coach/events?after=&limit=&traineeId=`: the studio's events feed after a cursor,
  /// for polling; `ETag` and `If-None-Match` answer 304 while nothing changed.
  public let getCoachEvents = Endpoint<NoBody, StudioEventsDto>(.get, "/v1/coach/events")
  // MARK: Coach (their words)

  /// `PUT /v1/coach/trainees/{traineeId}/workouts/{workoutId}/review`: the coach's review of a
  /// logged workout, with comments on its sets.
  public let reviewWorkout = Endpoint<WorkoutReviewRequestDto, WorkoutReviewDto>(
    .put, "/v1/coach/trainees/{traineeId}/workouts/{workoutId}/review")
  /// `PUT /v1/coach/trainees/{traineeId}/technique-videos/{videoId}/feedback`: the coach's
  /// feedback on a technique video.
  public let giveVideoFeedback = Endpoint<VideoFeedbackRequestDto, NoBody>(
    .put, "/v1/coach/trainees/{traineeId}/technique-videos/{videoId}/feedback")
  /// `GET /v1/coach/trainees/{traineeId}/notes`: the studio's private notes on a trainee.
  public let getCoachNotes = Endpoint<NoBody, CoachNotesDto>(
    .get, "/v1/coach/trainees/{traineeId}/notes")
  /// `PUT /v1/coach/trainees/{traineeId}/notes`: replaces the studio's private notes.
  public let writeCoachNotes = Endpoint<CoachNotesRequestDto, CoachNotesDto>(
    .put, "/v1/coach/trainees/{traineeId}/notes")
  // MARK: Coach (notification texts)

  /// `GET /v1/coach/notification-configs`: the notification configs the studio set.
  public let getStudioNotificationConfigs = Endpoint<NoBody, [NotificationConfigDto]>(
    .get, "/v1/coach/notification-configs")
  /// `PUT /v1/coach/notification-configs/{type}`: sets the studio's config of one type.
  public let setStudioNotificationConfig = Endpoint<
    NotificationConfigRequestDto, NotificationConfigDto
  >(.put, "/v1/coach/notification-configs/{type}")
  /// `GET /v1/coach/trainees/{traineeId}/notification-configs`: the studio's overrides for a
  /// trainee.
  public let getNotificationOverrides = Endpoint<NoBody, [NotificationConfigDto]>(
    .get, "/v1/coach/trainees/{traineeId}/notification-configs")
  /// `PUT /v1/coach/trainees/{traineeId}/notification-configs/{type}`: overrides one type's
  /// config for a trainee.
  public let setNotificationOverride = Endpoint<
    NotificationConfigRequestDto, NotificationConfigDto
  >(.put, "/v1/coach/trainees/{traineeId}/notification-configs/{type}")
  /// `DELETE /v1/coach/trainees/{traineeId}/notification-configs/{type}`: removes an override,
  /// so the trainee gets the studio's config again.
  public let removeNotificationOverride = Endpoint<NoBody, NoBody>(
    .delete, "/v1/coach/trainees/{traineeId}/notification-configs/{type}")

  // MARK: Operator

  /// `GET /v1/operator/studios`: every studio.
  public let listStudios = Endpoint<NoBody, StudiosDto>(.get, "/v1/operator/studios")
  /// `POST /v1/operator/studios`: a new studio.
  public let createStudio = Endpoint<CreateStudioRequestDto, StudioDto>(
    .post, "/v1/operator/studios")
  /// `POST /v1/operator/studios/{studioId}/invites`: an invite to any studio.
  public let createStudioInvite = Endpoint<CreateInviteRequestDto, NewInviteDto>(
    .post, "/v1/operator/studios/{studioId}/invites")
  /// `POST /v1/operator/accounts`: a coach of a studio, or an operator.
  public let createAccount = Endpoint<CreateAccountRequestDto, AccountDto>(
    .post, "/v1/operator/accounts")
  /// `POST /v1/operator/accounts/{accountId}/suspension`: suspends an account.
  public let suspendAccount = Endpoint<NoBody, NoBody>(
    .post, "/v1/operator/accounts/{accountId}/suspension")
  /// `DELETE /v1/operator/accounts/{accountId}/suspension`: reinstates an account.
  public let reinstateAccount = Endpoint<NoBody, NoBody>(
    .delete, "/v1/operator/accounts/{accountId}/suspension")
  /// `GET /v1/operator/audit-events?accountId=&limit=`: the audit log, newest first.
  public let getAuditLog = Endpoint<NoBody, AuthEventsDto>(.get, "/v1/operator/audit-events")
}

extension TraineeEndpoints {
  /// Every endpoint of the table, in the order declared, named as its property is.
  public var all: [EndpointEntry] {
    // NB: read from the declarations themselves, so an endpoint cannot be declared and left
    // out of the list.
    Mirror(reflecting: self).children.compactMap { child in
      guard let name = child.label, let endpoint = child.value as? any ListedEndpoint else {
        return nil
      }
      return endpoint.entry(named: name)
    }
  }
}
