import Accounts
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "Exporting an account" and "Deleting an account": a person
// exports their own account (the one their token's session names, never an id in the request)
// and deletes it with their password checked again. The export is written to an unlinked file
// as it is read and sent from its descriptor (`ResponseBodyFile`), so a long history is never
// held in the server's memory; it is marked `no-store`, since it is the person's whole record.

extension TraineeAPIRoutes {
  /// Registers `exportAccount` and `deleteAccount`.
  func registerAccountDataRoutes(on router: inout Router) {
    router.add(endpoints.exportAccount, roles: .anyAccount, routes: self) {
      _, admitted, accounts in
      let data = try Self.dataStore(accounts)
      var found = false
      let file = try ResponseBodyFile.written { append in
        found = try withoutActuallyEscaping(append) { append in
          try data.exportAccount(admitted.account.id, to: append)
        }
      }
      // Deleted between the token check and the read: as any token of no live session.
      guard found else { throw invalidTokenError }
      return HTTPResponse(
        status: .ok,
        headers: [
          "Content-Type": "application/json", "Cache-Control": "no-store",
          "Content-Disposition":
            "attachment; filename=\"perform-account-\(admitted.account.id).json\"",
        ], file: file)
    }
    router.add(endpoints.deleteAccount, roles: .anyAccount, routes: self) {
      request, admitted, accounts in
      let body = try request.decodeJSON(DeleteAccountRequestDto.self)
      _ = try Self.dataStore(accounts).deleteAccount(
        admitted.account.id, password: body.password, address: request.clientAddress)
      return HTTPResponse(status: .noContent)
    }
  }

  /// The account store's export and deletion.
  private static func dataStore(_ accounts: any AccountStore) throws -> any AccountDataStore {
    guard let data = accounts as? any AccountDataStore else {
      throw TraineeStoreError.storageFailed("the account store cannot export or delete")
    }
    return data
  }
}
