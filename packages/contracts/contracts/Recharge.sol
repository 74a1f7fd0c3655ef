// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title KPC recharge
/// @notice Members deposit USDT here; the tokens go straight from the member to the treasury and the
/// server credits the member from the `Deposited` event. The contract never holds tokens and has no
/// function that moves anyone else's funds.
contract Recharge is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice The deposited token (USDT on the target chain). Immutable: a new token means a new contract.
    IERC20 public immutable token;

    /// @notice Receives every deposit.
    address public treasury;

    /// @notice `member` deposited; `amount` is what the treasury actually received.
    event Deposited(address indexed member, uint256 amount);

    event TreasuryChanged(address indexed previousTreasury, address indexed newTreasury);

    error ZeroAmount();
    error ZeroToken();
    /// @dev The zero address, or this contract (it has no way to pass tokens on).
    error InvalidTreasury(address treasury);
    /// @dev A fee-on-transfer token kept the whole amount.
    error NothingReceived();

    constructor(IERC20 token_, address treasury_, address owner_) Ownable(owner_) {
        if (address(token_) == address(0)) revert ZeroToken();
        token = token_;
        _setTreasury(treasury_);
    }

    /// @notice Pulls `amount` from the caller into the treasury. Needs an allowance of at least `amount`.
    /// @dev nonReentrant because the credit is a balance delta: a token with transfer hooks re-entering
    /// here would otherwise count the inner deposit twice.
    function deposit(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        address to = treasury;
        uint256 balanceBefore = token.balanceOf(to);
        token.safeTransferFrom(msg.sender, to, amount);
        uint256 received = token.balanceOf(to) - balanceBefore;
        if (received == 0) revert NothingReceived();
        emit Deposited(msg.sender, received);
    }

    /// @notice Sends later deposits to `newTreasury`. Deposits already made stay where they are.
    function setTreasury(address newTreasury) external onlyOwner {
        _setTreasury(newTreasury);
    }

    function _setTreasury(address newTreasury) private {
        if (newTreasury == address(0) || newTreasury == address(this)) revert InvalidTreasury(newTreasury);
        emit TreasuryChanged(treasury, newTreasury);
        treasury = newTreasury;
    }
}
