// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Test USDT
/// @notice Stand-in for USDT on development and test chains only. USDT has 6 decimals on Ethereum and
/// Polygon and 18 on BSC, so the decimals are chosen at deployment.
contract TestUSDT is ERC20, Ownable {
    uint8 private immutable _decimals;

    constructor(uint8 decimals_) ERC20("Test USDT", "USDT") Ownable(msg.sender) {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
